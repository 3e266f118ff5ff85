// A 1–5 rating as five stars: a radio group, so arrows move between the stars and a screen
// reader hears "4 of 5". Optional: "clear" takes the rating back.
import { m } from "../../paraglide/messages.js";
import { StarIcon } from "../ui/icons.tsx";
import { RadioGroupInput, RadioGroupLabel, RadioOption } from "../ui/RadioGroupInput.tsx";

export function RatingInput({ name, label, value, onChange }: { name: string; label: string; value: number | null; onChange: (value: number | null) => void }) {
  return (
    <RadioGroupInput
      name={name}
      value={value === null ? null : String(value)}
      onChange={(v) => onChange(Number(v))}
      className="flex flex-col gap-1 sm:flex-row sm:items-center sm:justify-between"
      testId={`rating-${name}`}
    >
      <RadioGroupLabel className="text-sm font-medium text-slate-800">{label}</RadioGroupLabel>
      <div className="flex items-center gap-2">
        <div className="flex">
          {[1, 2, 3, 4, 5].map((n) => (
            <RadioOption
              key={n}
              value={String(n)}
              aria-label={m.review_rating_of({ value: n, max: 5 })}
              className="cursor-pointer rounded p-0.5 outline-none has-focus-visible:ring-2 has-focus-visible:ring-brand-500"
            >
              <StarIcon
                filled={value !== null && n <= value}
                className={`h-7 w-7 ${value !== null && n <= value ? "text-amber-400" : "text-slate-300"} transition-colors`}
              />
            </RadioOption>
          ))}
        </div>
        <button
          type="button"
          onClick={() => onChange(null)}
          className={`text-xs font-medium text-slate-500 hover:text-slate-800 hover:underline ${value === null ? "invisible" : ""}`}
          aria-label={m.review_rating_clear_label({ label })}
        >
          {m.review_rating_clear()}
        </button>
      </div>
    </RadioGroupInput>
  );
}
