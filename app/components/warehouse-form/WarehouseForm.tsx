// The warehouse form, one for every area (back office, stocker, referent). The page passes a
// WarehouseFormSetup (app/lib/warehouse-form.ts) and renders its own frame and heading around it.
//
// Saving: the payload (toPayload) is checked in the browser with the endpoint's own schema and,
// if good, posted as JSON to setup.saveUrl; a 422 marks the server's fields the same way. Then
// the new photos go up one by one to `${uploadBase}/${id}/upload`; a failure stops there and
// offers to retry (the warehouse is saved: a new one is never created twice, later saves update
// it). When everything is up, the page goes to setup.doneHref.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { postForm, postJson } from "../../lib/api-client.ts";
import type { Weekday } from "../../lib/opening-hours.ts";
import {
  MAX_IMAGES,
  requiredFields,
  type NumericField,
  type StoredImage,
  type TextField,
  type WarehouseFormSetup,
  type WarehouseFormValues,
} from "../../lib/warehouse-form.ts";
import { m } from "../../paraglide/messages.js";
import { FormActions } from "../ui/FormActions.tsx";
import { FormMessage } from "../ui/fields.tsx";
import { buttonClass } from "../ui/styles.ts";
import { useFocusFirstInvalid } from "../ui/useFocusFirstInvalid.ts";
import { BasicSection } from "./BasicSection.tsx";
import { ContactsSection, EMPTY_CONTACT } from "./ContactsSection.tsx";
import { DetailsSection } from "./DetailsSection.tsx";
import { fieldErrorText, hasRequired, placeServerErrors, withoutContactRow, type FieldErrors } from "./field-errors.ts";
import { buildSave, imageFileProblem, loadSaveCheck, savedWarehouseId, saveTarget, uploadUrl, type LatLng } from "./form-logic.ts";
import { copyMondayToWeekdays, HoursSection } from "./HoursSection.tsx";
import type { NewImage } from "./ImagesSection.tsx";
import { PositionSection } from "./PositionSection.tsx";
import { SpecificationsSection } from "./SpecificationsSection.tsx";
import { uploadInOrder } from "./uploads.ts";
import { usePinPlacement } from "./usePinPlacement.ts";

// The free space's section (its rows, date fields and messages) and the photos' section are
// chunks of their own, outside the page's first load (the JavaScript budget: the administrator's
// view of a stocker's form was at its limit); the browser asks for them as soon as this module
// runs. Each has its own Suspense boundary, so the rest of the form hydrates without waiting for
// them (the form saves through JavaScript only: nothing is lost before they arrive).
const loadSpacesSection = () => import("./SpacesSection.tsx");
const SpacesSection = lazy(() => loadSpacesSection().then((module) => ({ default: module.SpacesSection })));
const loadImagesSection = () => import("./ImagesSection.tsx");
const ImagesSection = lazy(() => loadImagesSection().then((module) => ({ default: module.ImagesSection })));
if (typeof window !== "undefined") {
  void loadSpacesSection();
  void loadImagesSection();
}

type Banner = { tone: "error" | "info"; text: ReactNode } | null;
type UploadFailure = { name: string; message: string | null };

const without = (errors: FieldErrors, ...fields: string[]): FieldErrors => {
  if (!fields.some((f) => f in errors)) return errors;
  const next = { ...errors };
  for (const f of fields) delete next[f];
  return next;
};

export function WarehouseForm({ setup }: { setup: WarehouseFormSetup }) {
  const navigate = useNavigate();
  const required = requiredFields(setup.kind);
  const [values, setValues] = useState<WarehouseFormValues>(setup.values);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<Banner>(null);
  const [pending, setPending] = useState(false);
  const [progress, setProgress] = useState<string | null>(null);
  const [uploadFailure, setUploadFailure] = useState<UploadFailure | null>(null);
  // The warehouse the saves update: the page's, or the one the first create answered.
  const [savedId, setSavedId] = useState<number | null>(setup.warehouseId);
  const [stored, setStored] = useState<StoredImage[]>(setup.images);
  const [toDelete, setToDelete] = useState<number[]>([]);
  const [newImages, setNewImages] = useState<NewImage[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const newImagesRef = useRef(newImages);
  newImagesRef.current = newImages;
  const keySeq = useRef(0);

  const { ref: formRef, focusFirstInvalid } = useFocusFirstInvalid<HTMLFormElement>();
  // useFocusFirstInvalid focuses fields; the pin's group is no field: give the focus to the pin
  // (or the button placing it) inside it.
  const [groupFocusTick, setGroupFocusTick] = useState(0);
  useEffect(() => {
    if (groupFocusTick === 0) return;
    const target = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!target || target.matches("input, textarea, select")) return;
    target.querySelector<HTMLElement>('[data-testid="position-pin"], button:not([disabled]), input:not([disabled])')?.focus({ preventScroll: true });
  }, [groupFocusTick, formRef]);
  const focusProblem = useCallback(() => {
    focusFirstInvalid();
    setGroupFocusTick((n) => n + 1);
  }, [focusFirstInvalid]);

  // After a failed upload the retry button takes the focus.
  const retryRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (uploadFailure) retryRef.current?.focus();
  }, [uploadFailure]);

  // Preview URLs live as long as their photo is in the form.
  useEffect(() => () => newImagesRef.current.forEach((image) => URL.revokeObjectURL(image.url)), []);

  const setPosition = useCallback((position: LatLng) => {
    setValues((v) => ({ ...v, position }));
    setErrors((e) => without(e, "lat", "lng"));
  }, []);
  const pin = usePinPlacement({ data: values.data, position: values.position, setPosition });

  const errorOf = (field: string) => fieldErrorText(field, errors[field]);

  function setField(field: TextField | NumericField, value: string) {
    setValues((v) => ({ ...v, data: { ...v.data, [field]: value } }));
    setErrors((e) => without(e, field));
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    setBanner({ tone: "error", text: hasRequired(found) ? m.wf_error_required() : m.wf_error_check() });
    focusProblem();
  }

  function showGeneral(status: number) {
    setBanner({ tone: "error", text: status === 429 ? m.wf_error_too_many() : m.wf_error_general() });
    focusProblem();
  }

  async function runUploads(warehouseId: number) {
    const all = newImagesRef.current;
    const items = all.filter((image) => !image.uploaded);
    const before = all.length - items.length;
    setUploadFailure(null);
    if (items.length > 0) {
      const run = await uploadInOrder(items, uploadUrl(setup.uploadBase, warehouseId), postForm, (i) =>
        setProgress(m.wf_upload_progress({ current: before + i + 1, total: all.length })),
      );
      setProgress(null);
      if (run.done.length > 0) setNewImages((list) => list.map((image) => (run.done.includes(image.key) ? { ...image, uploaded: true } : image)));
      if (run.failed) {
        setPending(false);
        setUploadFailure({ name: run.failed.name, message: run.failed.message });
        setBanner(null);
        return;
      }
    }
    setProgress(m.wf_saved_leaving());
    await navigate(setup.doneHref);
    setPending(false);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const target = saveTarget(setup, savedId);
    setPending(true);
    const { payload, errors: found } = await buildSave(values, {
      kind: setup.kind,
      emailReadOnly: setup.emailReadOnly,
      isCreate: target.isCreate,
      imgsToDelete: toDelete,
    });
    if (Object.keys(found).length > 0) {
      setPending(false);
      showErrors(found);
      return;
    }
    setErrors({});
    setBanner(null);
    setUploadFailure(null);
    setProgress(m.wf_saving());
    const result = await postJson<{ warehouse_id?: unknown }>(target.url, payload);
    const id = result.ok && !result.data.error ? savedWarehouseId(result.data) : null;
    if (id === null) {
      setPending(false);
      setProgress(null);
      const serverErrors = result.data.errors;
      if (result.status === 422 && serverErrors && typeof serverErrors === "object" && Object.keys(serverErrors).length > 0)
        showErrors(placeServerErrors(serverErrors, values.contacts));
      else showGeneral(result.status);
      return;
    }
    setSavedId(id);
    // The removed photos are gone on the server: a later save must not name them again.
    const deleted = new Set(toDelete);
    setStored((list) => list.filter((image) => !deleted.has(image.id)));
    setToDelete([]);
    await runUploads(id);
  }

  async function retryUploads() {
    if (pending || savedId === null) return;
    setPending(true);
    await runUploads(savedId);
  }

  // ---------------------------------------------------------------- photos

  const keptStored = stored.filter((image) => !toDelete.includes(image.id)).length;
  const imageCount = keptStored + newImages.length;

  function addFiles(files: File[]) {
    const refused: string[] = [];
    const accepted: NewImage[] = [];
    let room = MAX_IMAGES - imageCount;
    let overLimit = 0;
    for (const file of files) {
      const problem = imageFileProblem(file);
      if (problem) {
        refused.push(problem === "type" ? m.wf_image_bad_type({ name: file.name }) : m.wf_image_too_large({ name: file.name }));
        continue;
      }
      if (room <= 0) {
        overLimit += 1;
        continue;
      }
      room -= 1;
      accepted.push({ key: `n${++keySeq.current}`, file, url: URL.createObjectURL(file), uploaded: false });
    }
    if (overLimit > 0) refused.push(m.wf_images_over_limit({ max: MAX_IMAGES, count: overLimit }));
    setNotices(refused);
    if (accepted.length) setNewImages((list) => [...list, ...accepted]);
  }

  function removeNew(key: string) {
    const image = newImages.find((i) => i.key === key);
    if (image) URL.revokeObjectURL(image.url);
    setNewImages((list) => list.filter((i) => i.key !== key));
    setNotices([]);
  }

  function toggleDelete(id: number) {
    setToDelete((list) => (list.includes(id) ? list.filter((x) => x !== id) : [...list, id]));
    setErrors((e) => without(e, "imgs_to_delete"));
  }

  // ---------------------------------------------------------------- the form

  const positionError = fieldErrorText("lat", errors.lat ?? errors.lng ?? null);

  return (
    <form
      ref={formRef}
      onSubmit={submit}
      onFocus={() => void loadSaveCheck()}
      noValidate
      className="space-y-6"
      aria-label={m.wf_form_label()}
      data-testid="warehouse-form"
    >
      <BasicSection
        data={values.data}
        required={required}
        emailReadOnly={setup.emailReadOnly}
        onChange={setField}
        onAddressBlur={() => void pin.locate()}
        errorOf={errorOf}
      />

      <PositionSection
        position={values.position}
        view={pin.view}
        status={pin.status}
        styleUrl={setup.mapStyleUrl}
        onPinMove={pin.userMoved}
        onAcceptSuggestion={pin.acceptSuggestion}
        error={positionError}
      />

      <ContactsSection
        contacts={values.contacts}
        onEdit={(index, patch) => {
          setValues((v) => ({ ...v, contacts: v.contacts.map((c, i) => (i === index ? { ...c, ...patch } : c)) }));
          setErrors((e) => without(e, "contacts", ...Object.keys(patch).map((k) => `contacts.${index}.${k}`)));
        }}
        onAdd={() => setValues((v) => ({ ...v, contacts: [...v.contacts, { ...EMPTY_CONTACT }] }))}
        onRemove={(index) => {
          setValues((v) => ({ ...v, contacts: v.contacts.filter((_, i) => i !== index) }));
          setErrors((e) => without(withoutContactRow(e, index), "contacts"));
        }}
        errorOf={errorOf}
      />

      <DetailsSection data={values.data} required={required} onChange={setField} errorOf={errorOf} />

      <Suspense fallback={null}>
        <SpacesSection rows={values.spaces} errors={errors} onRows={(update) => setValues((v) => ({ ...v, spaces: update(v.spaces) }))} onErrors={setErrors} />
      </Suspense>

      <HoursSection
        times={values.times}
        onChange={(day: Weekday, patch) => {
          setValues((v) => ({ ...v, times: { ...v.times, [day]: { ...v.times[day], ...patch } } }));
          setErrors((e) => without(e, `warehouse_times.${day}_open_time`, `warehouse_times.${day}_close_time`));
        }}
        onCopyMonday={() => {
          setValues((v) => ({ ...v, times: copyMondayToWeekdays(v.times) }));
          setErrors((e) => without(e, ...["tue", "wed", "thu", "fri"].flatMap((d) => [`warehouse_times.${d}_open_time`, `warehouse_times.${d}_close_time`])));
        }}
        errorOf={errorOf}
      />

      <SpecificationsSection
        catalogue={setup.catalogue}
        selected={values.specifications}
        onToggle={(id, on) => {
          setValues((v) => ({ ...v, specifications: on ? [...v.specifications.filter((x) => x !== id), id] : v.specifications.filter((x) => x !== id) }));
          setErrors((e) => without(e, "specifications"));
        }}
        error={errorOf("specifications")}
      />

      <Suspense fallback={null}>
        <ImagesSection
          stored={stored}
          toDelete={toDelete}
          newImages={newImages}
          count={imageCount}
          notices={notices}
          busy={pending}
          error={errorOf("imgs_to_delete")}
          onToggleDelete={toggleDelete}
          onAddFiles={addFiles}
          onRemoveNew={removeNew}
        />
      </Suspense>

      <div
        className="z-20 space-y-3 rounded-2xl border border-slate-200 bg-white/95 p-4 shadow-sm backdrop-blur sm:sticky sm:bottom-3 sm:p-5"
        data-testid="wf-save-bar"
      >
        {banner && <FormMessage tone={banner.tone}>{banner.text}</FormMessage>}
        {uploadFailure && (
          <FormMessage tone="error">
            <p className="font-semibold">{m.wf_upload_failed({ name: uploadFailure.name })}</p>
            {uploadFailure.message && <p className="mt-0.5">{uploadFailure.message}</p>}
            <p className="mt-0.5">{m.wf_upload_failed_saved()}</p>
            <button
              type="button"
              ref={retryRef}
              onClick={retryUploads}
              disabled={pending}
              className={buttonClass("secondary", "sm", "mt-2")}
              data-testid="wf-retry-upload"
            >
              {m.wf_upload_retry()}
            </button>
          </FormMessage>
        )}
        <p role="status" className="text-sm text-slate-600 empty:sr-only" data-testid="wf-progress">
          {progress}
        </p>
        <FormActions submitLabel={m.wf_save()} pending={pending} />
      </div>
    </form>
  );
}
