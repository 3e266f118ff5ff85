import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pino } from "pino";
import { useTestDatabase } from "../../../tests/support/db.ts";
import { callJson } from "../../../tests/support/endpoint.ts";
import { loadConfig } from "../config.ts";
import type { AppServices } from "../context.ts";
import type { Locale } from "../../lib/locale.ts";
import { ensureGazetteerLoaded } from "./gazetteer.ts";
import { gazetteerGeocoder, parseDescription } from "./geocoder.gazetteer.ts";
import { nominatimGeocoder } from "./geocoder.nominatim.ts";
import { GeocoderUnavailableError, withFallback } from "./geocoder.ts";
import { geocodeCoords, geocodeLocation, placePredictions } from "./geocoder.service.ts";
import { loader as placesLoader } from "../../routes/api/places.ts";
import { loader as locationLoader } from "../../routes/api/geocode.location.ts";
import { loader as coordsLoader } from "../../routes/api/geocode.coords.ts";
import { loader as addressLoader } from "../../routes/api/geocode.address.ts";

const t = useTestDatabase();

beforeAll(async () => {
  expect(await ensureGazetteerLoaded(t.db)).toBe(true);
}, 120_000);

function services(extra: Partial<ReturnType<typeof loadConfig>> = {}): AppServices {
  return { db: t.db, config: { ...loadConfig({}), ...extra }, log: pino({ level: "silent" }), secret: "test-secret" };
}

type Loader = Parameters<typeof callJson>[0];

// Through callJson: every 200 answer is checked against the endpoint's described answer.
async function call(loader: Loader, path: string, locale: Locale = "it", svc = services()) {
  const { status, json } = await callJson(loader, t.db, { method: "GET", path, locale, ip: "127.0.0.1", services: svc });
  return { status, body: json };
}

describe("the gazetteer loader", () => {
  it("is a no-op once the current version is loaded", async () => {
    expect(await ensureGazetteerLoaded(t.db)).toBe(false);
    const { n } = await t.db
      .selectFrom("places")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThan(7600 + 30_000);
  });
});

describe("the embedded geocoder", () => {
  const geo = () => gazetteerGeocoder(t.db);

  it("finds a place typed without its accent, and with other case", async () => {
    const [first] = await geo().suggest("Forli", "it");
    expect(first).toMatchObject({ name: "Forlì", province: "FC", country: "IT", description: "Forlì (FC), Italia" });
    const [upper] = await geo().suggest("FORLÌ", "en");
    expect(upper?.description).toBe("Forlì (FC), Italy");
  });

  it("ranks prefix matches by population", async () => {
    const names = (await geo().suggest("Mila", "it")).map((p) => p.name);
    expect(names[0]).toBe("Milano");
    const rom = (await geo().suggest("Rom", "it")).map((p) => p.name);
    expect(rom[0]).toBe("Roma");
  });

  it("knows English names, parts of merged names and postcodes", async () => {
    expect((await geo().suggest("Florence", "en"))[0]?.name).toBe("Firenze");
    expect((await geo().suggest("Rossano", "it"))[0]?.name).toBe("Corigliano-Rossano");
    expect((await geo().suggest("20121", "it"))[0]?.name).toBe("Milano");
  });

  it("suggests European towns outside Italy, when no Italian place matches", async () => {
    const [lyon] = await geo().suggest("Lyon", "en");
    expect(lyon).toMatchObject({ name: "Lyon", country: "FR", description: "Lyon, France" });
  });

  it("puts Italian places first: a foreign town never comes before them, unless its country is typed", async () => {
    for (const text of ["Milan", "Mila", "Tori", "Vene"]) {
      const countries = (await geo().suggest(text, "it")).map((p) => p.country);
      expect(countries.length, text).toBeGreaterThan(0);
      expect(
        countries.every((c) => c === "IT" || c === "SM" || c === "VA"),
        `${text}: ${countries}`,
      ).toBe(true);
    }
    expect((await geo().suggest("Lyon, Francia", "it"))[0]).toMatchObject({ name: "Lyon", country: "FR" });
  });

  it("reads a chosen suggestion back to its coordinates", async () => {
    const milano = await geo().locate("Milano (MI), Italia", "it");
    expect(milano?.lat).toBeCloseTo(45.46, 1);
    expect(milano?.lng).toBeCloseTo(9.19, 1);
    const castro = await geo().locate("Castro (LE), Italia", "it");
    expect(castro?.lat).toBeLessThan(40.5);
    expect((await geo().locate("Via Dante 1, Milano", "it"))?.name).toBe("Milano");
    expect(await geo().locate("Xqzwv", "it")).toBeNull();
  });

  it("parses descriptions in both languages", () => {
    expect(parseDescription("Milano (MI), Italy")).toMatchObject({ name: "Milano", province: "MI", country: "IT" });
    expect(parseDescription("Lyon, Francia")).toMatchObject({ name: "Lyon", province: null, country: "FR" });
  });

  it("finds the nearest locality of a point, and none at open sea", async () => {
    const duomo = await geo().reverse(45.4642, 9.19, "it");
    expect(duomo?.name).toBe("Milano");
    const bologna = await geo().reverse(44.4949, 11.3426, "en");
    expect(bologna?.name).toBe("Bologna");
    expect(await geo().reverse(39.5, 6.0, "it")).toBeNull();
  });
});

describe("the geocoding endpoints", () => {
  it("GET /api/places answers predictions with descriptions", async () => {
    const { status, body } = await call(placesLoader, "/api/places?location=Forli");
    expect(status).toBe(200);
    expect(body.status).toBe("OK");
    expect(body.predictions[0].description).toBe("Forlì (FC), Italia");
    const none = await call(placesLoader, "/api/places?location=Qqqzzz");
    expect(none.body).toEqual({ status: "ZERO_RESULTS", predictions: [] });
  });

  it("GET /api/geocode/location answers geometry.location", async () => {
    const { body } = await call(locationLoader, `/api/geocode/location?location=${encodeURIComponent("Milano")}`, "en");
    expect(body.status).toBe("OK");
    expect(body.results[0].geometry.location.lat).toBeCloseTo(45.46, 1);
    expect(body.results[0].geometry.location.lng).toBeCloseTo(9.19, 1);
    const none = await call(locationLoader, "/api/geocode/location?location=Qqqzzz");
    expect(none.body).toEqual({ status: "ZERO_RESULTS", results: [] });
  });

  it("GET /api/geocode/coords answers the locality in address_components", async () => {
    const { body } = await call(coordsLoader, "/api/geocode/coords?latitude=45.07&longitude=7.68", "it");
    expect(body.status).toBe("OK");
    const locality = body.results[0].address_components.find((c: { types: string[] }) => c.types.includes("locality"));
    expect(locality.long_name).toBe("Torino");
    const country = body.results[0].address_components.find((c: { types: string[] }) => c.types.includes("country"));
    expect(country).toMatchObject({ long_name: "Italia", short_name: "IT" });
  });

  it("GET /api/geocode/address answers the town's centre without an online geocoder", async () => {
    const { status, body } = await call(addressLoader, `/api/geocode/address?address=${encodeURIComponent("Via Roma 1")}&cap=10100&city=Torino&province=TO`);
    expect(status).toBe(200);
    expect(body.status).toBe("OK");
    expect(body.results[0]).toMatchObject({ precision: "town", formatted_address: "Torino (TO), Italia" });
    expect(body.results[0].geometry.location.lat).toBeCloseTo(45.07, 1);
    const abroad = await call(addressLoader, "/api/geocode/address?city=Lyon&country=France");
    expect(abroad.body).toEqual({ status: "ZERO_RESULTS", results: [] });
  });

  it("refuses bad input with 422", async () => {
    expect((await call(placesLoader, "/api/places")).status).toBe(422);
    expect((await call(placesLoader, `/api/places?location=${"x".repeat(10_000)}`)).body.errors).toEqual({ location: "too_long" });
    expect((await call(coordsLoader, "/api/geocode/coords?latitude=999&longitude=9")).body.errors).toEqual({ latitude: "too_big" });
    expect((await call(coordsLoader, "/api/geocode/coords?latitude=&longitude=9")).body.errors).toEqual({ latitude: "required" });
  });
});

describe("the online adapter", () => {
  let server: http.Server;
  let base: string;
  const seen: string[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const url = new URL(req.url ?? "/", "http://x");
      seen.push(`${url.pathname}?${url.searchParams.toString()}`);
      res.setHeader("Content-Type", "application/json");
      if (url.pathname === "/search" && url.searchParams.get("q")?.startsWith("Via Dante")) {
        res.end(
          JSON.stringify([
            {
              lat: "45.4655",
              lon: "9.1843",
              display_name: "Via Dante, Milano, Lombardia, Italia",
              address: { road: "Via Dante", city: "Milano", state: "Lombardia", country_code: "it" },
            },
          ]),
        );
      } else if (url.pathname === "/search") {
        res.end(
          JSON.stringify([
            {
              lat: "45.4641943",
              lon: "9.1896346",
              name: "Milano",
              display_name: "Milano, Lombardia, Italia",
              address: {
                city: "Milano",
                county: "Milano",
                state: "Lombardia",
                "ISO3166-2-lvl6": "IT-MI",
                postcode: "20121",
                country: "Italia",
                country_code: "it",
              },
            },
          ]),
        );
      } else if (url.pathname === "/reverse") {
        res.end(
          JSON.stringify({
            lat: "45.07",
            lon: "7.68",
            display_name: "Torino, Piemonte, Italia",
            address: { city: "Torino", state: "Piemonte", country_code: "it" },
          }),
        );
      } else {
        res.statusCode = 404;
        res.end("{}");
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  });

  it("gives the same shapes as the gazetteer", async () => {
    const online = nominatimGeocoder(base);
    const places = await placePredictions(online, "Mila", "it");
    expect(places.predictions[0]?.description).toBe("Milano, Lombardia, Italia");
    const located = await geocodeLocation(online, "Milano", "it");
    expect(located.results[0]?.geometry.location).toEqual({ lat: 45.4641943, lng: 9.1896346 });
    const coords = await geocodeCoords(online, 45.07, 7.68, "it");
    expect(coords.results[0]?.address_components[0]).toMatchObject({ long_name: "Torino", types: ["locality", "political"] });
    expect(seen.some((s) => s.includes("accept-language=it") && s.includes("format=jsonv2"))).toBe(true);

    const embedded = await geocodeLocation(gazetteerGeocoder(t.db), "Milano", "it");
    expect(Object.keys(embedded.results[0]!).sort()).toEqual(Object.keys(located.results[0]!).sort());
  });

  it("falls back to the gazetteer when the service is down", async () => {
    const down = nominatimGeocoder("http://127.0.0.1:9");
    await expect(down.locate("Milano", "it")).rejects.toBeInstanceOf(GeocoderUnavailableError);
    const errors: unknown[] = [];
    const geocoder = withFallback(down, gazetteerGeocoder(t.db), (err) => errors.push(err));
    expect((await geocoder.locate("Forli", "it"))?.name).toBe("Forlì");
    expect(errors).toHaveLength(1);
  });

  it("is used by the endpoints when GEOCODER_URL is set", async () => {
    const { body } = await call(locationLoader, "/api/geocode/location?location=Milano", "it", services({ geocoderUrl: base }));
    expect(body.results[0].formatted_address).toBe("Milano, Lombardia, Italia");
  });

  it("places a warehouse's address at street level when GEOCODER_URL is set", async () => {
    const path = `/api/geocode/address?address=${encodeURIComponent("Via Dante 7")}&cap=20123&city=Milano&province=MI`;
    const { status, body } = await call(addressLoader, path, "it", services({ geocoderUrl: base }));
    expect(status).toBe(200);
    expect(body).toEqual({
      status: "OK",
      results: [{ formatted_address: "Via Dante, Milano, Lombardia, Italia", precision: "street", geometry: { location: { lat: 45.4655, lng: 9.1843 } } }],
    });
    expect(seen.some((s) => s.includes("q=Via+Dante+7%2C+20123+Milano%2C+Italia"))).toBe(true);
  });
});
