/** An ID token the client refused; the message says why and is what the user is shown (spec §5, §8). */
export class IdTokenError extends Error {
  override name = "IdTokenError";
}
