import { type APIRequestContext, expect, test } from "@playwright/test";
import { fillSignIn, newAccount, signOut, signUpFromLanding } from "./support/accounts.ts";

const CLIENT_ID = "latent-lightroom";
const SCOPE = "openid offline_access read:film write:film read:user read:camera read:lens";

/** The plugin's side of pairing, as Lightroom makes its requests: a code to show, then its tokens. */
async function startPairing(request: APIRequestContext, deviceName?: string) {
  const form = { client_id: CLIENT_ID, scope: SCOPE, ...(deviceName ? { device_name: deviceName } : {}) };
  const res = await request.post("/oidc/device/auth", { form });
  expect(res.status()).toBe(200);
  return (await res.json()) as { device_code: string; user_code: string; verification_uri_complete: string };
}

const pollTokens = (request: APIRequestContext, deviceCode: string) =>
  request.post("/oidc/oauth/token", {
    form: { grant_type: "urn:ietf:params:oauth:grant-type:device_code", device_code: deviceCode, client_id: CLIENT_ID },
  });

test("a photographer pairs Lightroom with the code it shows, sees it in the profile and disconnects it", async ({ page, request }) => {
  const account = newAccount("lightroom");
  await signUpFromLanding(page, account, "user");
  await signOut(page);

  // Lightroom opens the page of its code in the browser; signed out, the photographer signs in and comes back.
  const pairing = await startPairing(request, "Studio iMac");
  const link = new URL(pairing.verification_uri_complete);
  expect(link.pathname).toBe("/plugins/lrcode");
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole("heading", { name: "Pair Lightroom Classic" })).toBeVisible();
  await expect(page.getByTestId("lightroom-code")).toHaveText(pairing.user_code);
  await page.getByRole("button", { name: "Sign in to continue" }).click();
  await fillSignIn(page, account);
  await expect(page).toHaveURL(`${link.pathname}${link.search}`);
  await expect(page.getByText("Lightroom Classic asks to publish to your Latent account")).toBeVisible();
  await expect(page.getByTestId("lightroom-code")).toHaveText(pairing.user_code);

  // The page says who asks; the person pairs only once they have said it is their own Lightroom.
  const asking = page.getByTestId("lightroom-asking");
  await expect(asking.getByText("Studio iMac")).toBeVisible();
  await expect(asking.getByText(/^Asked on /)).toBeVisible();
  const pair = page.getByRole("button", { name: "Pair Studio iMac" });
  await expect(pair).toBeDisabled();
  // Until the code is confirmed, the plugin waits.
  expect((await (await pollTokens(request, pairing.device_code)).json()).error).toBe("authorization_pending");
  await page.getByLabel("This is my Lightroom (Studio iMac) and I started pairing it just now.").check();
  await pair.click();
  await expect(page.getByText("Studio iMac is now paired with your account.")).toBeVisible();
  const tokens = await (await pollTokens(request, pairing.device_code)).json();
  expect(tokens.refresh_token).toBeTruthy();
  const asPlugin = { headers: { authorization: `Bearer ${tokens.access_token}` } };
  expect((await request.get("/api/user", asPlugin)).status()).toBe(200);

  // The profile offers the plugin and lists the paired Lightroom, which can be disconnected.
  await page.goto("/u/profile");
  const section = page.getByRole("region", { name: "Lightroom Classic" });
  await expect(section.getByRole("link", { name: "Download the plugin" })).toHaveAttribute("href", "/api/plugins/lightroom/download");
  await expect(section.getByText(/^Paired on /)).toHaveCount(1);
  await expect(section.getByText(/^Last used: /)).not.toHaveText("Last used: not yet");
  await section.getByRole("button", { name: "Disconnect" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Disconnect" }).click();
  await expect(section.getByText("No Lightroom is paired with your account.")).toBeVisible();
  expect((await request.get("/api/user", asPlugin)).status()).toBe(401);

  // The zip the profile links to is the plugin folder.
  const zip = await request.get("/api/plugins/lightroom/download");
  expect(zip.headers()["content-type"]).toBe("application/zip");
  expect((await zip.body()).includes("Latent.lrplugin/Info.lua")).toBe(true);
});

test("a code typed by hand must be one Lightroom is showing, and lrlogout signs Lightroom out", async ({ page, request }) => {
  await signUpFromLanding(page, newAccount("lightroom-typed"), "user");

  await page.goto("/plugins/lrcode");
  await page.getByLabel("Code shown in Lightroom").fill("bcdf-ghjk");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toHaveText("This pairing code is not valid: check it in Lightroom and try again.");
  await page.getByRole("button", { name: "Enter another code" }).click();

  // A plugin that gives no name is "Lightroom Classic".
  const pairing = await startPairing(request);
  await page.getByLabel("Code shown in Lightroom").fill(pairing.user_code.toLowerCase());
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("This is my Lightroom (Lightroom Classic) and I started pairing it just now.").check();
  await page.getByRole("button", { name: "Pair Lightroom Classic" }).click();
  await expect(page.getByText("Lightroom Classic is now paired with your account.")).toBeVisible();
  const tokens = await (await pollTokens(request, pairing.device_code)).json();
  const asPlugin = { headers: { authorization: `Bearer ${tokens.access_token}` } };
  expect((await request.get("/api/user", asPlugin)).status()).toBe(200);

  // Signing out in Lightroom lands here: the pairing ends, and the page says so.
  await page.goto("/plugins/lrlogout");
  await expect(page.getByText("The Lightroom plugin is signed out of Latent.")).toBeVisible();
  await expect(page.getByText("Its access to your account has ended: pair it again to publish.")).toBeVisible();
  expect((await request.get("/api/user", asPlugin)).status()).toBe(401);
  await page.goto("/u/profile");
  await expect(
    page.getByRole("region", { name: "Lightroom Classic" }).getByText("No Lightroom is paired with your account."),
  ).toBeVisible();
});
