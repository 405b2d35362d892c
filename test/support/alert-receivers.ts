import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';

// Local receivers for the alert channels — a webhook checked with the Standard Webhooks verifier, and a push
// service that checks the VAPID authorization and decrypts the payload with the subscription's keys (RFC 8291).

export interface Received {
  headers: IncomingMessage['headers'];
  body: Buffer;
}

abstract class LocalReceiver {
  private server?: Server;
  readonly received: Received[] = [];
  /** The status each request is answered with (a test makes the endpoint fail with 500). */
  status = 201;

  async start(path = '/'): Promise<string> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(this.status).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

export class WebhookReceiver extends LocalReceiver {
  /** Whether the Standard Webhooks verifier (a receiver's own check) accepts a request under `secret`. */
  static verifies(received: Received, secret: string): boolean {
    const headers = Object.fromEntries(Object.entries(received.headers).map(([name, value]) => [name, String(value)]));
    try {
      new Webhook(secret).verify(received.body, headers);
      return true;
    } catch (error) {
      if (error instanceof WebhookVerificationError) return false;
      throw error;
    }
  }
}

export class PushReceiver extends LocalReceiver {
  private readonly ecdh: ECDH = createECDH('prime256v1');
  private readonly authSecret = randomBytes(16);
  private endpoint = '';

  constructor() {
    super();
    this.ecdh.generateKeys();
  }

  override async start(): Promise<string> {
    this.endpoint = await super.start(`/push/${randomBytes(6).toString('hex')}`);
    return this.endpoint;
  }

  /** What a browser's PushSubscription.toJSON() gives. */
  subscription() {
    return {
      endpoint: this.endpoint,
      keys: { p256dh: this.ecdh.getPublicKey('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }

  /** Decrypts an aes128gcm push body (RFC 8188 / 8291) with the subscription's private key and auth secret. */
  decrypt(received: Received): string {
    const body = received.body;
    const salt = body.subarray(0, 16);
    const idLength = body[20];
    const senderKey = body.subarray(21, 21 + idLength);
    const ciphertext = body.subarray(21 + idLength);
    const shared = this.ecdh.computeSecret(senderKey);
    const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), this.ecdh.getPublicKey(), senderKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, this.authSecret, keyInfo, 32));
    const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
    decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
    const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    if (padded[end] !== 2) throw new Error('Last record lacks the 0x02 padding delimiter');
    return padded.subarray(0, end).toString('utf8');
  }

  /**
   * Checks `Authorization: vapid t=<JWT>, k=<public key>` (RFC 8292): the key is `publicKey`, the ES256 signature
   * verifies with it, the audience is this endpoint's origin and the token has not expired. Answers the claims.
   */
  verifyVapid(received: Received, publicKey: string): { aud: string; exp: number; sub: string } {
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(String(received.headers.authorization ?? ''));
    if (!match) throw new Error(`Not a VAPID authorization: ${received.headers.authorization}`);
    if (match[2] !== publicKey) throw new Error('The VAPID key is not the configured one');
    const [header, claims, signature] = match[1].split('.');
    const point = Buffer.from(publicKey, 'base64url');
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    const valid = verify(
      'sha256',
      Buffer.from(`${header}.${claims}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!valid) throw new Error('The VAPID signature does not verify');
    const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as {
      aud: string;
      exp: number;
      sub: string;
    };
    if (parsed.aud !== new URL(this.endpoint).origin)
      throw new Error(`VAPID audience ${parsed.aud} is not ${new URL(this.endpoint).origin}`);
    if (parsed.exp * 1000 < Date.now()) throw new Error('The VAPID token has expired');
    return parsed;
  }
}
