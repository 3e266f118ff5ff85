import { z } from "zod";
import { email, flag } from "./common.ts";

export const loginSchema = z.object({
  email,
  password: z.string().min(1).max(200),
  remember: flag,
});
