import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DATABASES, startServer, type TestServer } from "./harness.ts";

const address = {
  line1: "Carrer de Mallorca 401",
  city: "Barcelona",
  postal_code: "08013",
  country: "ES",
  phone: "+34 600 000 000",
  vat: "B12345678",
  vat_type: "es_cif",
};

function picture(width: number, height: number, format: "png" | "jpeg" = "png") {
  return sharp({ create: { width, height, channels: 3, background: { r: 180, g: 70, b: 30 } } })
    [format]()
    .toBuffer();
}

function profileForm(file: Buffer | null, userData?: unknown, type = "image/png") {
  const form = new FormData();
  if (file) form.append("upload_file", new Blob([new Uint8Array(file)], { type }), "me.png");
  if (userData !== undefined) form.append("user_data", typeof userData === "string" ? userData : JSON.stringify(userData));
  return form;
}

describe.each(DATABASES)("user API on %s", (kind) => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startServer(kind);
  });
  afterAll(() => s?.close());

  it("starts a new photographer on the free plan with its limits", async () => {
    const { body } = await s.api("/api/user", { token: await s.token() });
    expect(body).toMatchObject({
      plan: "free",
      max_films_capacity: 3,
      max_gears_capacity: 1,
      usage: { films: 0, gear: 0 },
      survey_submitted: false,
      policy_accepted: false,
      picture: null,
    });
  });

  it("updates the profile from JSON and keeps it", async () => {
    const token = await s.token();
    const res = await s.api("/api/user/", { method: "PUT", token, body: { name: "Ana Puig", nickname: "anap", locale: "ca-ES", address } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "Ana Puig",
      nickname: "anap",
      locale: "ca-ES",
      address: { city: "Barcelona", vat_type: "es_cif" },
    });
    expect((await s.api("/api/user", { token })).body.address.line1).toBe("Carrer de Mallorca 401");
  });

  it("refuses an invalid profile with field messages and changes nothing", async () => {
    const token = await s.token();
    const res = await s.api("/api/user", {
      method: "PUT",
      token,
      body: { name: "Ok", webpage: "not a url", address: { ...address, country: "Spain" } },
    });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.fields)).toEqual(expect.arrayContaining(["webpage", "address.country"]));
    expect((await s.api("/api/user", { token })).body.name).toBe("");
  });

  it("takes a multipart update with a picture and serves it through a signed link", async () => {
    const token = await s.token();
    const res = await s.api("/api/user", { method: "PUT", token, body: profileForm(await picture(300, 200), { name: "Marc" }) });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe("Marc");
    expect(res.body.picture).toMatch(/^\/media\/.+\?expires=\d+&signature=/);
    const image = await fetch(`${s.base}${res.body.picture}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/webp");
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([300, 200]);

    const tampered = await fetch(`${s.base}${res.body.picture.replace(/signature=[^&]+/, "signature=forged")}`);
    expect(tampered.status).toBe(404);
  });

  it("refuses a picture over 1024 px or over 512 KB with the profile picture's limits, keeping the other fields", async () => {
    const token = await s.token();
    await s.api("/api/user", { method: "PUT", token, body: { name: "Before" } });
    const wide = await s.api("/api/user", { method: "PUT", token, body: profileForm(await picture(1025, 10), { name: "After" }) });
    expect(wide.status).toBe(400);
    expect(wide.body).toEqual({
      error: "picture-too-big",
      message: "The image is too large, make sure it does not weigh more than 512 KB and occupies a space of 1024 x 1024 px",
    });
    const heavy = Buffer.concat([await picture(100, 100, "jpeg"), Buffer.alloc(600 * 1024)]);
    const big = await s.api("/api/user", { method: "PUT", token, body: profileForm(heavy, { name: "After" }, "image/jpeg") });
    expect(big.status).toBe(400);
    expect(big.body.error).toBe("picture-too-big");
    const user = (await s.api("/api/user", { token })).body;
    expect(user.name).toBe("Before");
    expect(user.picture).toBeNull();
  });

  it("names a lab account's lab and its stores' states in its profile, and nothing of the kind for a photographer", async () => {
    const sub = `lab-${Math.random().toString(36).slice(2)}`;
    const lab = await s.token({ sub, role: "lab" });
    expect((await s.api("/api/user", { token: lab })).body).toMatchObject({
      lab: { id: sub, name: "" },
      integrations: {
        secret_set: false,
        shopify: { available: false, connected: false, shop: null },
        woocommerce: { connected: false, store_url: null },
      },
    });
    await s.api("/api/labs", { method: "PUT", token: lab, body: { name: "Foto Lab Girona" } });
    expect((await s.api("/api/integrations/secret", { method: "POST", token: lab })).status).toBe(200);
    const after = (await s.api("/api/user", { token: lab })).body;
    expect(after.lab).toEqual({ id: sub, name: "Foto Lab Girona" });
    expect(after.integrations.secret_set).toBe(true);

    const photographer = (await s.api("/api/user", { token: await s.token() })).body;
    expect(photographer.lab).toBeNull();
    expect(photographer.integrations).toEqual({});
  });

  it("takes a lab's logo up to 5MB and 1024 px, and refuses a bigger one with the spec's image message", async () => {
    const lab = await s.token({ role: "lab" });
    const logoForm = (file: Buffer) => {
      const form = new FormData();
      form.append("upload_file", new Blob([new Uint8Array(file)], { type: "image/png" }), "logo.png");
      form.append("lab_data", JSON.stringify({ name: "Foto Lab Girona" }));
      return form;
    };
    // Noise does not compress: a 1000 px PNG of it weighs ≈ 3 MB, far over a profile picture's 512 KB.
    const noise = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2 * 1024 * 1024);
    const taken = await s.api("/api/labs", { method: "PUT", token: lab, body: logoForm(noise) });
    expect(taken.status).toBe(200);
    expect(taken.body.logo_url).toMatch(/^\/media\//);

    const tooBig = {
      error: "image-too-big",
      message: "The image is too large, make sure it does not weigh more than 5MB and occupies a space of 1024 x 1024 px",
    };
    const wide = await s.api("/api/labs", { method: "PUT", token: lab, body: logoForm(await picture(1025, 10)) });
    expect(wide.status).toBe(400);
    expect(wide.body).toEqual(tooBig);
    const fiveAndABit = Buffer.concat([noise, Buffer.alloc(5 * 1024 * 1024 + 1 - noise.length)]);
    const heavy = await s.api("/api/labs", { method: "PUT", token: lab, body: logoForm(fiveAndABit) });
    expect(heavy.status).toBe(400);
    expect(heavy.body).toEqual(tooBig);
    // The last byte allowed is still read as the image it is (here: the PNG and its padding), not refused for size.
    const fiveExactly = Buffer.concat([noise, Buffer.alloc(5 * 1024 * 1024 - noise.length)]);
    expect((await s.api("/api/labs", { method: "PUT", token: lab, body: logoForm(fiveExactly) })).body.error).not.toBe("image-too-big");
  });

  it("removes the picture on request, deleting the stored file", async () => {
    const token = await s.token();
    const withPicture = await s.api("/api/user", { method: "PUT", token, body: profileForm(await picture(64, 64), { name: "Nora" }) });
    const link: string = withPicture.body.picture;
    expect((await fetch(`${s.base}${link}`)).status).toBe(200);
    const stored = async () => (await readdir(s.storeRoot, { recursive: true })).filter((p) => p.endsWith(".webp"));
    const before = await stored();
    expect(before.length).toBeGreaterThan(0);

    const removed = await s.api("/api/user", { method: "PUT", token, body: { picture: null } });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ picture: null, name: "Nora" });
    expect((await s.api("/api/user", { token })).body.picture).toBeNull();
    expect((await fetch(`${s.base}${link}`)).status).toBe(404);
    expect((await stored()).filter((p) => before.includes(p)).length).toBe(before.length - 1);

    // Removing when there is none is no error.
    expect((await s.api("/api/user", { method: "PUT", token, body: { picture: null } })).status).toBe(200);
  });

  it("stores a web page typed as a bare domain as its https:// address, and refuses junk", async () => {
    const token = await s.token();
    const bare = await s.api("/api/user", { method: "PUT", token, body: { webpage: "latent.photo" } });
    expect(bare.status).toBe(200);
    expect(bare.body.webpage).toBe("https://latent.photo");
    const multipart = await s.api("/api/user", { method: "PUT", token, body: profileForm(null, { webpage: " www.latent.photo/ana " }) });
    expect(multipart.body.webpage).toBe("https://www.latent.photo/ana");
    const http = await s.api("/api/user", { method: "PUT", token, body: { webpage: "http://latent.photo" } });
    expect(http.body.webpage).toBe("http://latent.photo");
    for (const junk of ["latent", "not a url", "javascript:alert(1)", "ftp://latent.photo"]) {
      const res = await s.api("/api/user", { method: "PUT", token, body: { webpage: junk } });
      expect(res.status, junk).toBe(400);
      expect(res.body.fields, junk).toHaveProperty("webpage");
    }
    expect((await s.api("/api/user", { token })).body.webpage).toBe("http://latent.photo");
    expect((await s.api("/api/user", { method: "PUT", token, body: { webpage: "" } })).body.webpage).toBe("");
  });

  it("refuses a file that is not an image, and user_data that is not JSON", async () => {
    const token = await s.token();
    const text = await s.api("/api/user", { method: "PUT", token, body: profileForm(Buffer.from("hello"), undefined, "image/png") });
    expect(text.status).toBe(400);
    expect(text.body.error).toBe("not-an-image");
    const broken = await s.api("/api/user", { method: "PUT", token, body: profileForm(null, "{oops") });
    expect(broken.status).toBe(400);
    expect(broken.body.fields).toHaveProperty("user_data");
  });

  it("records the privacy policy acceptance and the submitted survey", async () => {
    const token = await s.token();
    const accepted = await s.api("/api/user/privacy-policy", { method: "POST", token });
    expect(accepted.status).toBe(200);
    expect(accepted.body.policy_accepted).toBe(true);
    const survey = await s.api("/api/user", { method: "PUT", token, body: { survey_submitted: true, survey: { persona: "hobbyist" } } });
    expect(survey.body.survey_submitted).toBe(true);
    expect((await s.api("/api/user", { token })).body).toMatchObject({ policy_accepted: true, survey_submitted: true });
  });

  it("counts gear in the profile's usage", async () => {
    const token = await s.token();
    await s.api("/api/cameras", { method: "POST", token, body: { metadata: { brand: "Canon", model: "AE-1" } } });
    expect((await s.api("/api/user", { token })).body.usage).toEqual({ films: 0, gear: 1 });
  });
});
