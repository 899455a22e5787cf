/**
 * pdf.js for every reader here. pdf.js 6 uses two things Node 20 lacks and its legacy build no
 * longer brings: `Promise.withResolvers` (Node 22) and `ArrayBuffer.prototype.transferToFixedLength`
 * (Node 21). It uses them only once a document opens, so defining them as this module loads is in
 * time. They go when Node 20 does (decision 066).
 */

/** Defined as the engine defines its own: not enumerable, so no `for…in` over a buffer meets it. */
function defineMissing(target: object, name: string, value: (...args: never[]) => unknown): void {
  if (!(name in target)) Object.defineProperty(target, name, { value, writable: true, configurable: true, enumerable: false });
}

defineMissing(Promise, 'withResolvers', function withResolvers<T>() {
  let resolve!: (value: T | PromiseLike<T>) => void;
  let reject!: (reason?: unknown) => void;
  const settled = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise: settled, resolve, reject };
});

defineMissing(ArrayBuffer.prototype, 'transferToFixedLength', function transferToFixedLength(this: ArrayBuffer, length = this.byteLength) {
  // Transferring through structuredClone detaches the original, as the real method does.
  const moved = structuredClone(this, { transfer: [this] });
  if (length === moved.byteLength) return moved;
  const resized = new Uint8Array(length);
  resized.set(new Uint8Array(moved, 0, Math.min(length, moved.byteLength)));
  return resized.buffer;
});

export { getDocument, PasswordResponses, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
