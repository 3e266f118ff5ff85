// The warehouse form's building blocks: a section card and a group's error. Its text fields
// are the site's TextInput (app/components/ui/fields.tsx).
import type { ReactNode } from "react";

export function FormSection({
  id,
  title,
  description,
  children,
  testId,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6" data-testid={testId}>
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {description && <div className="mt-1 text-sm text-slate-600">{description}</div>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** An error under a group of controls (a section, a row), read by screen readers with it. */
export function GroupError({ id, children }: { id: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-2 text-sm text-red-700">
      {children}
    </p>
  );
}
