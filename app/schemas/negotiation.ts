// The requester's answers to an offer (decision 036): accepting takes one flag, whether to
// decline, in the same step, every other open offer of the request (a JSON boolean, or the page
// form's checkbox: present and ticked, or absent). Declining and asking for changes use
// declineOfferSchema and messageSchema (schemas/offers.ts).
import { z } from "zod";
import { flag } from "./common.ts";

/** POST /api/stock-hunter/offers/{offer_id}/accept. */
export const acceptOfferSchema = z.object({ decline_others: flag.default(false) });
