// The sheet's popup slider (see Gallery.tsx, which loads it the first time an image is
// opened): previous, next, thumbnails to select, wrapping around, driven by the keyboard too
// (← → move, Home/End jump, Esc closes: React Aria's dialog); focus stays inside while it is
// open and returns to the opening image afterwards.
import { useCallback, useEffect, useRef } from "react";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { m } from "../../paraglide/messages.js";
import { CloseIcon } from "../ui/icons.tsx";
import { AriaLocale } from "../ui/AriaLocale.tsx";
import type { GalleryImage } from "./Gallery.tsx";

/** The index after moving by `step`, wrapping around at both ends. */
export function wrapIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

function ChevronIcon({ direction }: { direction: "left" | "right" }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={direction === "left" ? "M15 5l-7 7 7 7" : "M9 5l7 7-7 7"} />
    </svg>
  );
}

const arrowClass =
  "absolute top-1/2 z-10 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-900 shadow-lg transition-colors data-[hovered]:bg-white data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-brand-400";

/** The popup slider; open while `index` is a number. */
export function GallerySlider({
  images,
  name,
  index,
  onIndexChange,
}: {
  images: GalleryImage[];
  name: string;
  index: number | null;
  onIndexChange: (index: number | null) => void;
}) {
  const count = images.length;
  const current = index === null ? 0 : Math.min(index, count - 1);
  const image = images[current];
  const thumbs = useRef<HTMLDivElement>(null);

  const go = useCallback((step: number) => onIndexChange(wrapIndex(current, step, count)), [current, count, onIndexChange]);

  // Keep the selected thumbnail in view.
  useEffect(() => {
    if (index === null) return;
    const el = thumbs.current?.querySelector<HTMLElement>(`[data-index="${current}"]`);
    el?.scrollIntoView?.({ block: "nearest", inline: "nearest" });
  }, [index, current]);

  // Arrow keys anywhere in the open slider (focus may be on the dialog itself, a button or
  // a thumbnail); React Aria's dialog already handles Esc and Tab.
  useEffect(() => {
    if (index === null) return;
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const moves: Record<string, () => void> = {
        ArrowLeft: () => go(-1),
        ArrowRight: () => go(1),
        Home: () => onIndexChange(0),
        End: () => onIndexChange(count - 1),
      };
      const move = moves[event.key];
      if (move) {
        event.preventDefault();
        move();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [index, go, onIndexChange, count]);

  return (
    <AriaLocale>
      <ModalOverlay
        isOpen={index !== null}
        onOpenChange={(open) => {
          if (!open) onIndexChange(null);
        }}
        isDismissable
        className="fixed inset-0 z-50 bg-slate-950/95 backdrop-blur-sm data-[entering]:animate-fade-in data-[exiting]:animate-fade-out motion-reduce:animate-none"
      >
        <Modal className="flex h-full w-full items-center justify-center outline-none">
          <Dialog
            id="gallery-slider"
            aria-label={m.sheet_gallery_label({ name })}
            className="flex h-full w-full flex-col outline-none"
            data-testid="gallery-slider"
          >
            <div className="flex h-full w-full flex-col">
              {/* Name, counter, close: the counter centred over the photo whatever the name's length. */}
              <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-4 px-4 py-3 text-white sm:px-6">
                <Heading slot="title" className="truncate text-base font-semibold">
                  {name}
                </Heading>
                <p className="shrink-0 text-sm text-slate-300" aria-live="polite" data-testid="gallery-counter">
                  {m.sheet_gallery_counter({ index: current + 1, total: count })}
                </p>
                <Button
                  aria-label={m.popup_close()}
                  onPress={() => onIndexChange(null)}
                  className="justify-self-end rounded-lg p-2.5 text-white data-[hovered]:bg-white/10 data-[focus-visible]:outline-2 data-[focus-visible]:outline-white"
                >
                  <CloseIcon className="h-6 w-6" />
                </Button>
              </div>
              <div className="relative flex min-h-0 flex-1 items-center justify-center px-3 sm:px-20">
                {image && (
                  <img
                    key={image.id}
                    src={image.src}
                    alt={m.sheet_gallery_image_alt({ name, index: current + 1, total: count })}
                    className="max-h-full max-w-full rounded-lg object-contain shadow-2xl"
                    data-testid="gallery-image"
                    data-index={current}
                  />
                )}
                {count > 1 && (
                  <>
                    <Button aria-label={m.sheet_gallery_previous()} onPress={() => go(-1)} className={`${arrowClass} left-2 sm:left-5`}>
                      <ChevronIcon direction="left" />
                    </Button>
                    <Button aria-label={m.sheet_gallery_next()} onPress={() => go(1)} className={`${arrowClass} right-2 sm:right-5`}>
                      <ChevronIcon direction="right" />
                    </Button>
                  </>
                )}
              </div>
              {count > 1 && (
                <div
                  ref={thumbs}
                  className="flex shrink-0 justify-start gap-2 overflow-x-auto px-4 py-3 sm:justify-center"
                  role="group"
                  aria-label={m.sheet_gallery_thumbnails()}
                >
                  {images.map((img, i) => (
                    <button
                      key={img.id}
                      type="button"
                      data-index={i}
                      onClick={() => onIndexChange(i)}
                      aria-label={m.sheet_gallery_select({ index: i + 1, total: count })}
                      aria-current={i === current ? "true" : undefined}
                      className={`h-14 w-20 shrink-0 overflow-hidden rounded-md ring-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white sm:h-16 sm:w-24 ${
                        i === current ? "opacity-100 ring-white" : "opacity-60 ring-transparent hover:opacity-90"
                      }`}
                    >
                      <img src={img.thumb_src ?? img.src} alt="" loading="lazy" className="h-full w-full object-cover" />
                    </button>
                  ))}
                </div>
              )}
            </div>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </AriaLocale>
  );
}
