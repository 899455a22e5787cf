import { expect, it } from 'vitest';
import './pdfjs.ts';

// On Node 20 these exercise the module's own definitions; on 22 and later, the engine's.
it('transfers a buffer to a fixed length, detaching the original, as pdf.js expects', () => {
  const transfer = (buffer: ArrayBuffer, length?: number) => (buffer as unknown as { transferToFixedLength(length?: number): ArrayBuffer }).transferToFixedLength(length);
  const original = new Uint8Array([1, 2, 3, 4]).buffer;
  const same = transfer(original);
  expect([...new Uint8Array(same)]).toEqual([1, 2, 3, 4]);
  expect(original.byteLength).toBe(0);
  expect([...new Uint8Array(transfer(same, 2))]).toEqual([1, 2]);
  expect([...new Uint8Array(transfer(new Uint8Array([5]).buffer, 3))]).toEqual([5, 0, 0]);
  const keys: string[] = [];
  for (const key in new ArrayBuffer(1)) keys.push(key);
  expect(keys).toEqual([]);
});

it('makes a promise with its resolvers', async () => {
  const { promise, resolve } = (Promise as unknown as { withResolvers<T>(): { promise: Promise<T>; resolve(value: T): void } }).withResolvers<number>();
  resolve(7);
  await expect(promise).resolves.toBe(7);
});
