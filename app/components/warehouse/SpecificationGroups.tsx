// The specification lists of a warehouse, one per category (1 services … 7 certifications).
// A list longer than 5 shows its first 5 and a show-all / hide toggle.
import { useId, useState } from "react";
import { COLLAPSED_COUNT, type SpecificationGroup } from "../../lib/specifications.ts";
import { m } from "../../paraglide/messages.js";

/** `headingLevel`: the categories' headings (3 on the sheet; one under the heading the lists sit under). */
export function SpecificationGroups({ groups, headingLevel = 3 }: { groups: SpecificationGroup[]; headingLevel?: 3 | 4 | 5 }) {
  if (groups.length === 0) return <p className="text-sm text-slate-600">{m.sheet_no_specifications()}</p>;
  return (
    // Two balanced columns, each group as tall as its list (a grid row stretched a short group to its neighbour's height).
    <div className="-mb-4 gap-4 sm:columns-2">
      {groups.map((group) => (
        <SpecificationList key={group.cat_id} group={group} headingLevel={headingLevel} />
      ))}
    </div>
  );
}

function SpecificationList({ group, headingLevel }: { group: SpecificationGroup; headingLevel: 3 | 4 | 5 }) {
  const Heading = `h${headingLevel}` as const;
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const collapsible = group.values.length > COLLAPSED_COUNT;
  const shown = collapsible && !expanded ? group.values.slice(0, COLLAPSED_COUNT) : group.values;
  return (
    <section className="mb-4 break-inside-avoid rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid={`spec-group-${group.cat_id}`}>
      <Heading className="text-sm font-semibold tracking-wide text-slate-500 uppercase">{group.category}</Heading>
      <ul id={listId} className="mt-3 space-y-2">
        {shown.map((spec) => (
          <li key={spec.id} className="flex items-start gap-2 text-sm text-slate-800">
            <svg
              viewBox="0 0 16 16"
              aria-hidden="true"
              className="mt-0.5 h-4 w-4 shrink-0 text-brand-600"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M3.5 8.5l3 3 6-7" />
            </svg>
            <span>
              {spec.value}
              {spec.description && <span className="block text-xs text-slate-500">{spec.description}</span>}
            </span>
          </li>
        ))}
      </ul>
      {collapsible && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((v) => !v)}
          className="mt-3 text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        >
          {expanded ? m.sheet_specs_hide() : m.sheet_specs_show_all({ count: group.values.length })}
        </button>
      )}
    </section>
  );
}
