import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The session cookie: HttpOnly, SameSite=Lax, and `Secure` with the `__Host-` prefix when the
 * product is served over HTTPS, so that no subdomain can set or read it.
 */
export class SessionCookie {
  readonly name: string;

  constructor(private readonly secure: boolean) {
    this.name = secure ? '__Host-stacklab_session' : 'stacklab_session';
  }

  read(request: FastifyRequest): string | undefined {
    const value = request.cookies[this.name];
    return value && value.length <= 100 ? value : undefined;
  }

  set(reply: FastifyReply, token: string, expiresAt: Date): void {
    reply.setCookie(this.name, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secure,
      expires: expiresAt,
    });
  }

  clear(reply: FastifyReply): void {
    reply.clearCookie(this.name, { path: '/', httpOnly: true, sameSite: 'lax', secure: this.secure });
  }
}
