// The account calls: login, registration, confirmation code, invited accounts, password
// recovery. One schema per call, used by the endpoint and, for the fields a person types,
// by the form before sending. Field codes (required, email, too_short, too_long, mismatch,
// invalid) are what the forms translate; the common-password check is server-only
// (app/server/accounts/password-policy.ts).
import { z } from "zod";
import { email, flag, numberFromText, optionalText, telephoneText, websiteText } from "./common.ts";
import { locales } from "../lib/locale.ts";

export const PASSWORD_MIN = 8;
/** NIST asks to allow at least 64; longer than this is not a password a person types. */
export const PASSWORD_MAX = 128;

/** A required e-mail: blank says "required", not "not an e-mail". */
export const requiredEmail = z.string().trim().min(1).pipe(email);

/** A password being typed in to log in: anything non-empty, bounded. */
const currentPassword = z
  .string()
  .min(1)
  .max(PASSWORD_MAX * 4);

/** A new password: 8 to 128 characters, not only spaces. */
export const newPassword = z
  .string()
  .max(PASSWORD_MAX * 4, "too_long")
  .refine((v) => v.trim().length > 0, "required")
  .refine((v) => [...v].length >= PASSWORD_MIN || v.trim().length === 0, "too_short")
  .refine((v) => [...v].length <= PASSWORD_MAX, "too_long");

/** An id from a form or JSON (number or digits); blank means none. */
const optionalId = z.preprocess(
  (v) => (v === "" || v === undefined || v === 0 || v === "0" ? null : numberFromText(v)),
  z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
);

const telephone = telephoneText;
const website = websiteText;

export const loginSchema = z.object({
  email,
  password: currentPassword,
  remember: flag,
});

// ------------------------------------------------------------------ registration

export const registerRoles = ["stock_hunter", "stocker"] as const;
export type RegisterRole = (typeof registerRoles)[number];

/** What each role's form requires, besides e-mail, conditions and privacy. */
export const REQUIRED_BY_ROLE: Record<RegisterRole, readonly string[]> = {
  stock_hunter: ["first_name", "last_name", "telephone", "country", "address"],
  stocker: ["request_business_name", "request_vat", "request_country", "request_address", "request_cap", "request_city", "request_province"],
};

export const registerUserDataSchema = z
  .object({
    role: z.enum(registerRoles),
    email: requiredEmail,
    first_name: optionalText(100),
    last_name: optionalText(100),
    telephone,
    company: optionalText(255),
    market_id: optionalId,
    website,
    country: optionalText(100),
    address: optionalText(255),
    request_business_name: optionalText(255),
    request_vat: optionalText(40),
    request_country: optionalText(100),
    request_address: optionalText(255),
    request_cap: optionalText(20),
    request_city: optionalText(100),
    request_province: optionalText(100),
    request_warehouse_id: optionalId,
    conditions: flag,
    privacy: flag,
    data_f: flag,
    data_g: flag,
    reg_invite_code: optionalText(40),
    lang: z.enum(locales).nullish(),
  })
  .superRefine((data, ctx) => {
    for (const field of REQUIRED_BY_ROLE[data.role]) {
      if (data[field as keyof typeof data] === null) ctx.addIssue({ code: "custom", path: [field], message: "required" });
    }
    if (!data.conditions) ctx.addIssue({ code: "custom", path: ["conditions"], message: "required" });
    if (!data.privacy) ctx.addIssue({ code: "custom", path: ["privacy"], message: "required" });
  });

export type RegisterUserData = z.infer<typeof registerUserDataSchema>;

export const registerSchema = z.object({
  user_data: registerUserDataSchema,
  lang: z.enum(locales).nullish(),
});

// ------------------------------------------------------------------ confirmation code

/** 6 digits; spaces and dashes a person may type in between are ignored. */
export const confirmationCode = z
  .string()
  .max(40)
  .transform((v) => v.replace(/[\s-]/g, ""))
  .refine((v) => v.length > 0, "required")
  .refine((v) => v.length === 0 || /^\d{6}$/.test(v), "invalid");

/** confirm_password, when sent, must equal password. */
function samePassword(data: { password: string; confirm_password?: string | null }, ctx: z.RefinementCtx) {
  if (data.confirm_password !== undefined && data.confirm_password !== null && data.confirm_password !== data.password) {
    ctx.addIssue({ code: "custom", path: ["confirm_password"], message: "mismatch" });
  }
}

export const confirmCodeSchema = z
  .object({
    code: confirmationCode,
    password: newPassword,
    confirm_password: z
      .string()
      .max(PASSWORD_MAX * 4)
      .nullish(),
    /** Only when the browser does not hold the pending registration (the code read on another device). */
    email: z.preprocess((v) => (v === "" ? null : v), email.nullish()),
  })
  .superRefine(samePassword);

export const sendCodeSchema = z.object({
  email: z.preprocess((v) => (v === "" ? null : v), email.nullish()),
});

// ------------------------------------------------------------------ invited accounts

/** A one-time token from an e-mail link: 43 base64url characters. */
export const linkToken = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .refine((v) => /^[A-Za-z0-9_-]+$/.test(v), "invalid");

export const completeAccountDataSchema = z
  .object({
    first_name: z.string().trim().min(1).max(100),
    last_name: z.string().trim().min(1).max(100),
    telephone: telephone.refine((v) => v !== null, "required"),
    company: optionalText(255),
    market_id: optionalId,
    website,
    password: newPassword,
    confirm_password: z
      .string()
      .max(PASSWORD_MAX * 4)
      .nullish(),
    has_confirmed_code: flag,
    u_token: linkToken.nullish(),
  })
  .superRefine(samePassword);

export const completeAccountSchema = z
  .object({
    user_data: completeAccountDataSchema,
    u_token: linkToken.nullish(),
  })
  .transform((v, ctx) => {
    const token = v.u_token ?? v.user_data.u_token;
    if (!token) {
      ctx.addIssue({ code: "custom", path: ["u_token"], message: "required" });
      return z.NEVER;
    }
    return { user_data: v.user_data, u_token: token };
  });

// ------------------------------------------------------------------ password recovery

export const recoverPasswordSchema = z.object({
  user_data: z.object({ email: requiredEmail }),
});

export const resetPasswordDataSchema = z
  .object({
    rpt_token: linkToken,
    /** Sent by the spec's client; the server trusts only its own expiry. */
    rpt_token_expire_at: z.union([z.string().max(100), z.number()]).nullish(),
    password: newPassword,
    confirm_password: z
      .string()
      .max(PASSWORD_MAX * 4)
      .nullish(),
  })
  .superRefine(samePassword);

export const resetPasswordSchema = z.object({ user_data: resetPasswordDataSchema });
