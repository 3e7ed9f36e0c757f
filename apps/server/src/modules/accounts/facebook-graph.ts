import crypto from 'node:crypto';
import { z } from 'zod';
import type { FacebookSettings } from '../../platform/config/facebook.ts';

/** SPEC 9: backend HTTP timeout 6 s. */
export const FACEBOOK_TIMEOUT_MS = 6_000;

const TokenAnswer = z.object({
  access_token: z.string().min(1).max(4096),
  token_type: z.string().max(64).optional(),
  expires_in: z.number().optional(),
});

/** Facebook's error body, on any Graph call: `{error: {message, type, code, fbtrace_id}}`. */
const GraphError = z.object({
  error: z.object({
    message: z.string().max(2000).optional(),
    type: z.string().max(200).optional(),
    code: z.number().optional(),
    fbtrace_id: z.string().max(200).optional(),
  }),
});

const MeAnswer = z.object({
  // App-scoped user ids are decimal digits.
  id: z.string().regex(/^\d{1,40}$/),
  name: z.string().max(500).optional(),
  // Absent when the account has no usable address (phone-only) or the person declined the permission.
  email: z.string().max(320).optional(),
});

export interface FacebookIdentity {
  id: string;
  /** null: Facebook gave no address. */
  email: string | null;
}

/** Why a Facebook call failed; the message stays in the log, the person sees one generic text. */
export class FacebookError extends Error {
  override readonly name = 'FacebookError';
}

/**
 * Facebook Login as documented in "Manually Build a Login Flow": the login dialog on
 * www.facebook.com, then a server-side code exchange and a /me read on the Graph API, each call
 * signed with appsecret_proof. Only the documented endpoints are spoken, so the local emulator in
 * the tests exercises exactly this code over real HTTP.
 */
export class FacebookGraph {
  constructor(
    private readonly cfg: FacebookSettings,
    private readonly redirectUri: string,
    /** Tests shorten it; production keeps SPEC 9's 6 s. */
    private readonly timeoutMs = FACEBOOK_TIMEOUT_MS,
  ) {}

  /** Where the browser goes to log in; `state` comes back on the callback. */
  dialogUrl(state: string): string {
    const url = new URL(`${this.cfg.dialogUrl}/${this.cfg.apiVersion}/dialog/oauth`);
    url.search = new URLSearchParams({
      client_id: this.cfg.appId,
      redirect_uri: this.redirectUri,
      state,
      scope: 'email',
      response_type: 'code',
    }).toString();
    return url.toString();
  }

  /** Exchanges the code for an access token, then reads who the person is. */
  async identify(code: string): Promise<FacebookIdentity> {
    const token = await this.graph(
      'oauth/access_token',
      {
        client_id: this.cfg.appId,
        redirect_uri: this.redirectUri,
        client_secret: this.cfg.appSecret,
        code,
      },
      TokenAnswer,
    );
    const me = await this.graph(
      'me',
      {
        fields: 'id,name,email',
        access_token: token.access_token,
        // Facebook's advice for server calls: proves the token is used by the app it was issued to.
        appsecret_proof: crypto.createHmac('sha256', this.cfg.appSecret).update(token.access_token).digest('hex'),
      },
      MeAnswer,
    );
    return { id: me.id, email: me.email ?? null };
  }

  private async graph<T>(path: string, query: Record<string, string>, schema: z.ZodType<T>): Promise<T> {
    const url = new URL(`${this.cfg.graphUrl}/${this.cfg.apiVersion}/${path}`);
    url.search = new URLSearchParams(query).toString();
    let res: Response;
    let body: unknown;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      body = await res.json().catch(() => null);
    } catch (err) {
      // The query holds the secret, the code or the token: the log names the path only.
      throw new FacebookError(`GET ${path} failed: ${(err as Error).message}`);
    }
    if (!res.ok) {
      const e = GraphError.safeParse(body);
      const why = e.success
        ? `${e.data.error.type ?? '?'} ${e.data.error.code ?? '?'}: ${e.data.error.message ?? ''}`
        : '';
      throw new FacebookError(`GET ${path} answered ${res.status} ${why}`.trim());
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new FacebookError(`GET ${path} answered an unexpected shape`);
    return parsed.data;
  }
}
