import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software authenticator for server tests (issue 32): an ES256 key pair from node:crypto, the
 * "none" attestation and the assertions built by hand (CBOR through @simplewebauthn's own encoder),
 * so the server's real WebAuthn verification runs on them. It answers what a browser would send:
 * the JSON of `PublicKeyCredential` (base64url fields).
 */

type Cbor = Parameters<typeof isoCBOR.encode>[0];
const b64 = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** Authenticator data flags (WebAuthn §6.1). */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface CeremonyOptions {
  /** The origin the "browser" puts in the client data (default: the test app's). */
  origin?: string;
  /** The RP ID whose hash the authenticator signs (default: the options' one). */
  rpId?: string;
  /** Whether the user was verified (PIN, biometrics); default true. */
  userVerified?: boolean;
}

interface RegistrationOptionsJSON {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface AuthenticationOptionsJSON {
  challenge: string;
  rpId?: string;
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Uint8Array;
  /** The signature counter the next assertion carries (tests may set it back). */
  counter = 0;
  /** The user handle the registration options gave (a discoverable credential returns it). */
  userHandle: string | undefined;

  constructor(private readonly defaultOrigin: string) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    this.cosePublicKey = isoCBOR.encode(
      new Map<string | number, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]),
    );
  }

  get id(): string {
    return b64(this.credentialId);
  }

  /** The COSE public key, base64url, as the server stores a registered passkey's. */
  get publicKey(): string {
    return b64(this.cosePublicKey);
  }

  /** `navigator.credentials.create()` for the options, with a "none" attestation. */
  create(options: RegistrationOptionsJSON, ceremony: CeremonyOptions = {}) {
    const rpId = ceremony.rpId ?? options.rp.id ?? '';
    this.userHandle = options.user.id;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(this.cosePublicKey)]);
    const flags = UP | AT | (ceremony.userVerified === false ? 0 : UV);
    const authData = authenticatorData(rpId, flags, this.counter, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string | number, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map<string | number, Cbor>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return this.credential({
      clientDataJSON: b64(clientData('webauthn.create', options.challenge, ceremony.origin ?? this.defaultOrigin)),
      attestationObject: b64(attestationObject),
      transports: ['internal'],
    });
  }

  /** `navigator.credentials.get()` for the options: signs authenticator data and the client data's hash. */
  get(options: AuthenticationOptionsJSON, ceremony: CeremonyOptions & { counter?: number } = {}) {
    const rpId = ceremony.rpId ?? options.rpId ?? '';
    this.counter = ceremony.counter ?? this.counter + 1;
    const authData = authenticatorData(rpId, UP | (ceremony.userVerified === false ? 0 : UV), this.counter);
    const data = clientData('webauthn.get', options.challenge, ceremony.origin ?? this.defaultOrigin);
    // ES256: ECDSA over SHA-256, DER-encoded (node's default for EC keys), as authenticators send it.
    const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), this.privateKey);
    return this.credential({
      clientDataJSON: b64(data),
      authenticatorData: b64(authData),
      signature: b64(signature),
      ...(this.userHandle ? { userHandle: this.userHandle } : {}),
    });
  }

  /** The credential JSON around a ceremony's `response`, as the browser hands it to the page. */
  private credential<Response>(response: Response) {
    return { id: this.id, rawId: this.id, type: 'public-key' as const, clientExtensionResults: {}, response };
  }
}
