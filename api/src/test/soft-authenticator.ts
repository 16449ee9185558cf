import { createHash, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

const b64 = (b: Uint8Array) => isoBase64URL.fromBuffer(new Uint8Array(b));

/**
 * A passkey in software, for tests: what a phone or a security key does when a page asks it to register
 * or to sign (an ES256 key pair, WebAuthn's authenticator data and client data, a signature counter).
 */
export class SoftAuthenticator {
  readonly key = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  readonly credentialId = randomBytes(16);
  counter = 0;
  constructor(
    readonly rpId = 'shop.test',
    readonly origin = 'http://shop.test',
  ) {}

  get id() {
    return b64(this.credentialId);
  }

  private authData(withCredential: boolean): Buffer {
    const rpIdHash = createHash('sha256').update(this.rpId).digest();
    // User present, user verified, and (when registering) attested credential data follows.
    const flags = Buffer.from([0x01 | 0x04 | (withCredential ? 0x40 : 0)]);
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    if (!withCredential) return Buffer.concat([rpIdHash, flags, count]);
    const jwk = this.key.publicKey.export({ format: 'jwk' }) as { x: string; y: string };
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x)],
        [-3, isoBase64URL.toBuffer(jwk.y)],
      ]),
    );
    const length = Buffer.alloc(2);
    length.writeUInt16BE(this.credentialId.length);
    return Buffer.concat([rpIdHash, flags, count, Buffer.alloc(16), length, this.credentialId, cose]);
  }

  register(challenge: string): RegistrationResponseJSON {
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge, origin: this.origin, crossOrigin: false }));
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, never> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, never>()],
        ['authData', new Uint8Array(this.authData(true))],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: b64(clientDataJSON), attestationObject: b64(attestationObject), transports: ['internal'] },
    };
  }

  sign(challenge: string, options: { origin?: string; keepCounter?: boolean } = {}): AuthenticationResponseJSON {
    if (!options.keepCounter) this.counter += 1;
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: options.origin ?? this.origin }));
    const authenticatorData = this.authData(false);
    const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]);
    const signature = createSign('sha256').update(signed).sign(this.key.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: b64(clientDataJSON), authenticatorData: b64(authenticatorData), signature: b64(signature) },
    };
  }
}
