import type { JWK } from "jose";
import { type OidcClient, type UseRefreshTokenArgs, User, UserManager, type UserManagerSettings } from "oidc-client-ts";
import { IdTokenError } from "./id-token-error.ts";
import { withNetworkRetry } from "./network-retry.ts";

/**
 * oidc-client-ts's UserManager, made to check ID tokens as spec §5 asks before any user is stored, and to retry token
 * requests on network failure (spec §7). The library itself only checks sub and nonce, and never the signature.
 */
export class LatentUserManager extends UserManager {
  /** The organization the ID token must name (`org_id`); null when none is configured. */
  private readonly organization: string | null;

  constructor(settings: UserManagerSettings, organization: string | null) {
    super(settings);
    this.organization = organization;
    retryTokenRequests(this._client);
  }

  /** Redirect, popup and silent sign-ins all end here: check the new ID token against the nonce that was sent. */
  protected override async _signinEnd(url: string, verifySub?: string): Promise<User> {
    // The transaction (with its nonce) is read before processing the response removes it.
    const { state } = await this._client.readSigninResponseState(url);
    const response = await this._client.processSigninResponse(url);
    if (!response.id_token) throw new IdTokenError("The provider returned no ID token");
    await this.checkIdToken(response.id_token, state.nonce ?? null);
    return this._buildUser(response, verifySub);
  }

  /** A refresh may bring a new ID token: it is checked too (no nonce: no authorize request was made). */
  protected override async _useRefreshToken(args: UseRefreshTokenArgs): Promise<User> {
    // biome-ignore lint/correctness/useHookAtTopLevel: oidc-client-ts's method, not a React hook.
    const response = await this._client.useRefreshToken({
      ...args,
      // The 60 s silent timeout is for the provider's pages; a token request keeps the 10 s HTTP timeout (spec §9).
      timeoutInSeconds: args.timeoutInSeconds ?? this.settings.requestTimeoutInSeconds,
    });
    if (response.id_token && response.id_token !== args.state.id_token) await this.checkIdToken(response.id_token, null);
    const user = new User({ ...args.state, ...response });
    await this.storeUser(user);
    await this.events.load(user);
    return user;
  }

  private async checkIdToken(token: string, nonce: string | null) {
    // The checks (and jose) are needed only when a token arrives: they stay off the first page's download.
    const { validateIdToken } = await import("./id-token-validator.ts");
    await validateIdToken(token, {
      issuer: await this.metadataService.getIssuer(),
      clientId: this.settings.client_id,
      nonce,
      organization: this.organization,
      keys: async () => ((await this.metadataService.getSigningKeys()) ?? []) as JWK[],
    });
  }
}

/**
 * The code exchange and the refresh go through two TokenClient instances inside oidc-client-ts (the validator's and
 * the client's); neither takes a fetch of ours, so their two token calls are wrapped in place (bracket access: they
 * are protected members).
 */
function retryTokenRequests(client: OidcClient) {
  // biome-ignore lint/complexity/useLiteralKeys: protected members, reached on purpose (see above)
  for (const tokens of [client["_tokenClient"], client["_validator"]["_tokenClient"]]) {
    tokens.exchangeCode = withNetworkRetry(tokens.exchangeCode.bind(tokens));
    tokens.exchangeRefreshToken = withNetworkRetry(tokens.exchangeRefreshToken.bind(tokens));
  }
}
