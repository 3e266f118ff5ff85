// Query schemas of the geocoding endpoints, shared with the browser.
import { z } from "zod";
import { numberFromText } from "./common.ts";
import { LOCATION_MAX } from "../lib/search-form.ts";

export const locationText = z.string().trim().min(1).max(LOCATION_MAX);

/** A number from a query string; a blank value counts as missing (Number("") would be 0). */
export const queryNumber = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : numberFromText(v)), schema);

export const latitude = queryNumber(z.number().min(-90).max(90));
export const longitude = queryNumber(z.number().min(-180).max(180));

export const placesQuery = z.object({ location: locationText });
export const geocodeLocationQuery = z.object({ location: locationText });
export const geocodeCoordsQuery = z.object({ latitude, longitude });

/** GET /api/geocode/address: a warehouse's address parts, as the form holds them. */
const addressPart = (max: number) => z.string().trim().max(max).optional();
export const geocodeAddressQuery = z.object({
  address: addressPart(255),
  cap: addressPart(20),
  city: z.string().trim().min(1).max(100),
  province: addressPart(100),
  country: addressPart(100),
});
