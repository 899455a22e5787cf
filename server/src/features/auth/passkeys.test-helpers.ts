import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

const FLAG_USER_PRESENT = 0x01;
const FLAG_USER_VERIFIED = 0x04;
const FLAG_ATTESTED_DATA = 0x40;

/**
 * A software passkey authenticator for tests: it answers registration and sign-in options the way
 * a browser and a platform authenticator do (attestation "none", ES256 keys), so that the server's
 * real WebAuthn verification runs against it.
 */
export class SoftwareAuthenticator {
  private readonly credentials: { id: Uint8Array<ArrayBuffer>; privateKey: KeyObject; userHandle: string; signCount: number }[] = [];

  constructor(private readonly origin: string) {}

  /** `navigator.credentials.create()`: a new discoverable credential for the options' user. */
  register(options: CreationOptions, overrides: { origin?: string } = {}) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const id: Uint8Array<ArrayBuffer> = new Uint8Array(createHash('sha256').update(`${Math.random()}${Date.now()}`).digest()).slice(0, 16);
    this.credentials.push({ id, privateKey, userHandle: options.user.id, signCount: 0 });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const authData = concat(
      sha256(rpId),
      Uint8Array.of(FLAG_USER_PRESENT | FLAG_USER_VERIFIED | FLAG_ATTESTED_DATA),
      uint32(0),
      new Uint8Array(16),
      Uint8Array.of(id.length >> 8, id.length & 0xff),
      id,
      cosePublicKey,
    );
    const attestationObject = isoCBOR.encode(new Map<string, unknown>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]) as never);
    const credentialId = isoBase64URL.fromBuffer(id);
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, overrides.origin),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** `navigator.credentials.get()`: signs the challenge with the newest credential (or the one given). */
  authenticate(options: RequestOptions, choose: { credentialIndex?: number; userVerified?: boolean } = {}) {
    const credential = this.credentials[choose.credentialIndex ?? this.credentials.length - 1];
    if (!credential) throw new Error('no credential registered in the software authenticator');
    credential.signCount += 1;
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const flags = FLAG_USER_PRESENT | (choose.userVerified === false ? 0 : FLAG_USER_VERIFIED);
    const authenticatorData = concat(sha256(rpId), Uint8Array.of(flags), uint32(credential.signCount));
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', concat(authenticatorData, sha256Bytes(isoBase64URL.toBuffer(clientDataJSON))), credential.privateKey);
    const credentialId = isoBase64URL.fromBuffer(credential.id);
    return {
      id: credentialId,
      rawId: credentialId,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON,
        authenticatorData: isoBase64URL.fromBuffer(authenticatorData),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        userHandle: credential.userHandle,
      },
    };
  }

  private clientData(type: string, challenge: string, origin = this.origin): string {
    return isoBase64URL.fromUTF8String(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }
}

function sha256(text: string): Uint8Array {
  return sha256Bytes(new TextEncoder().encode(text));
}

function sha256Bytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(createHash('sha256').update(bytes).digest());
}

function uint32(value: number): Uint8Array {
  return Uint8Array.of((value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff);
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
