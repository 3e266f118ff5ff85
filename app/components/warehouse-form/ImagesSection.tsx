// Section 7: the photos. Stored ones can be marked for removal (it happens on save, and can be
// undone until then); new files show as previews and are uploaded one by one after the save.
import { useId, type ChangeEvent } from "react";
import type { StoredImage } from "../../lib/warehouse-form.ts";
import { MAX_IMAGES } from "../../lib/warehouse-form.ts";
import { m } from "../../paraglide/messages.js";
import { CloseIcon } from "../ui/PopupDialog.tsx";
import { buttonClass } from "../ui/styles.ts";
import { FormSection, GroupError } from "./FormParts.tsx";
import { IMAGE_ACCEPT } from "./form-logic.ts";

/** A photo chosen in this visit: its preview URL is revoked when it leaves the form. */
export type NewImage = { key: string; file: File; url: string; uploaded: boolean };

export function ImagesSection({
  stored,
  toDelete,
  newImages,
  count,
  notices,
  busy,
  error,
  onToggleDelete,
  onAddFiles,
  onRemoveNew,
}: {
  stored: StoredImage[];
  toDelete: readonly number[];
  newImages: NewImage[];
  /** The photos the warehouse will have after the save. */
  count: number;
  /** Why chosen files were refused. */
  notices: string[];
  /** An upload is running: the list stays as it is. */
  busy: boolean;
  error: string | null;
  onToggleDelete: (id: number) => void;
  onAddFiles: (files: File[]) => void;
  onRemoveNew: (key: string) => void;
}) {
  const inputId = useId();
  const full = count >= MAX_IMAGES;
  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // The same file can be chosen again after being removed.
    event.target.value = "";
    if (files.length) onAddFiles(files);
  };
  const empty = stored.length === 0 && newImages.length === 0;
  return (
    <FormSection id="wf-images" title={m.wf_section_images()} description={m.wf_images_hint({ max: MAX_IMAGES })} testId="wf-section-images">
      {empty && <p className="mb-3 text-sm text-slate-500">{m.wf_images_none()}</p>}
      {!empty && (
        <ul className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="wf-image-list">
          {stored.map((image, i) => {
            const removing = toDelete.includes(image.id);
            const label = m.wf_image_stored({ number: i + 1 });
            return (
              <li
                key={`s${image.id}`}
                className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50"
                data-testid="wf-image-stored"
                data-removing={removing}
              >
                <div className="relative aspect-[4/3] bg-slate-200">
                  <img
                    src={image.thumb_src ?? image.src}
                    alt={label}
                    loading="lazy"
                    className={`h-full w-full object-cover ${removing ? "opacity-30 grayscale" : ""}`}
                  />
                  {removing && (
                    <span className="absolute inset-x-2 top-2 rounded-md bg-white/95 px-2 py-1 text-center text-xs font-semibold text-red-800 shadow-sm">
                      {m.wf_image_will_remove()}
                    </span>
                  )}
                </div>
                <div className="flex items-center justify-end p-2">
                  {removing ? (
                    <button
                      type="button"
                      onClick={() => onToggleDelete(image.id)}
                      disabled={busy || full}
                      aria-label={m.wf_image_keep_stored({ number: i + 1 })}
                      className={buttonClass("secondary", "sm")}
                    >
                      {m.wf_image_undo()}
                    </button>
                  ) : (
                    <button
                      type="button"
                      onClick={() => onToggleDelete(image.id)}
                      disabled={busy}
                      aria-label={m.wf_image_remove_stored({ number: i + 1 })}
                      className={buttonClass("ghost", "sm", "text-red-700")}
                    >
                      <CloseIcon className="h-4 w-4" />
                      {m.wf_remove()}
                    </button>
                  )}
                </div>
              </li>
            );
          })}
          {newImages.map((image) => (
            <li key={image.key} className="overflow-hidden rounded-xl border border-brand-200 bg-brand-50/40" data-testid="wf-image-new">
              <div className="relative aspect-[4/3] bg-slate-200">
                <img src={image.url} alt={image.file.name} className="h-full w-full object-cover" />
                <span className="absolute top-2 left-2 rounded-md bg-white/95 px-2 py-0.5 text-xs font-semibold text-brand-800 shadow-sm">
                  {image.uploaded ? m.wf_image_uploaded() : m.wf_image_new()}
                </span>
              </div>
              <div className="flex items-center justify-between gap-2 p-2">
                <span className="min-w-0 truncate text-xs text-slate-600" title={image.file.name}>
                  {image.file.name}
                </span>
                {!image.uploaded && (
                  <button
                    type="button"
                    onClick={() => onRemoveNew(image.key)}
                    disabled={busy}
                    aria-label={m.wf_image_remove_named({ name: image.file.name })}
                    className={buttonClass("ghost", "sm", "shrink-0 text-red-700")}
                  >
                    <CloseIcon className="h-4 w-4" />
                    <span className="sr-only sm:not-sr-only">{m.wf_remove()}</span>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={inputId}
          type="file"
          accept={IMAGE_ACCEPT}
          multiple
          disabled={full || busy}
          onChange={onPick}
          className="peer sr-only"
          data-testid="wf-image-input"
        />
        <label
          htmlFor={inputId}
          className={`${buttonClass("secondary", "md")} cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
        >
          <span aria-hidden="true">+</span>
          {m.wf_images_add()}
        </label>
        <p className="text-sm text-slate-600" aria-live="polite">
          {full ? m.wf_images_full({ max: MAX_IMAGES }) : m.wf_images_count({ count, max: MAX_IMAGES })}
        </p>
      </div>
      {notices.length > 0 && (
        <ul
          role="alert"
          className="mt-3 space-y-1 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="wf-image-notices"
        >
          {notices.map((notice, i) => (
            <li key={i}>{notice}</li>
          ))}
        </ul>
      )}
      <GroupError id="wf-images-error">{error}</GroupError>
    </FormSection>
  );
}
