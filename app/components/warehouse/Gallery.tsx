// The sheet's image gallery: the first 3 images, a +N counter on the third when there are
// more, and a popup slider (previous, next, thumbnails to select) that wraps around and is
// driven by the keyboard too: ← → move, Home/End jump, Esc closes (React Aria's dialog),
// focus stays inside while it is open and returns to the opening image afterwards.
//
// The slider's code (React Aria's dialog) loads the first time an image is opened
// (GallerySlider.tsx), not with the page: the JavaScript budget, scripts/js-budget.ts.
import { lazy, Suspense, useState } from "react";
import { m } from "../../paraglide/messages.js";

const GallerySlider = lazy(() => import("./GallerySlider.tsx").then((module) => ({ default: module.GallerySlider })));

/** thumb_src: the 480×320 rendition of an uploaded photo (null for the demo pictures). */
export type GalleryImage = { id: number; src: string; thumb_src?: string | null; width: number | null; height: number | null };

export const GALLERY_PREVIEW = 3;

export function Gallery({ images, name }: { images: GalleryImage[]; name: string }) {
  const [openAt, setOpenAt] = useState<number | null>(null);
  // Mounted from the first opening on, so that closing animates and reopening is immediate.
  const [sliderWanted, setSliderWanted] = useState(false);
  if (openAt !== null && !sliderWanted) setSliderWanted(true);

  if (images.length === 0) {
    return (
      <div className="flex aspect-[16/7] w-full items-center justify-center rounded-2xl bg-gradient-to-br from-slate-200 to-slate-100 text-slate-500">
        <div className="flex flex-col items-center gap-2 text-sm">
          <svg viewBox="0 0 24 24" aria-hidden="true" className="h-10 w-10" fill="none" stroke="currentColor" strokeWidth="1.5">
            <path d="M3 21V9l9-6 9 6v12M7 21v-8h10v8M7 17h10" strokeLinejoin="round" />
          </svg>
          {m.sheet_gallery_empty()}
        </div>
      </div>
    );
  }

  const preview = images.slice(0, GALLERY_PREVIEW);
  const extra = images.length - preview.length;
  const layout = preview.length === 1 ? "grid-cols-1" : preview.length === 2 ? "grid-cols-2" : "grid-cols-2 sm:grid-cols-3 sm:grid-rows-2";

  return (
    <div data-testid="gallery">
      <div className={`grid gap-2 overflow-hidden rounded-2xl ${layout} sm:h-[26rem]`}>
        {preview.map((img, i) => {
          const big = preview.length === 3 && i === 0;
          const showExtra = i === preview.length - 1 && extra > 0;
          return (
            <button
              key={img.id}
              type="button"
              onClick={() => setOpenAt(i)}
              aria-label={
                showExtra
                  ? m.sheet_gallery_open_more({ count: extra, index: i + 1, total: images.length })
                  : m.sheet_gallery_open({ index: i + 1, total: images.length })
              }
              className={`group relative block overflow-hidden bg-slate-200 focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-brand-500 ${
                big
                  ? "col-span-2 aspect-[16/9] sm:row-span-2 sm:aspect-auto"
                  : preview.length === 1
                    ? "aspect-[16/9] sm:aspect-auto"
                    : "aspect-[4/3] sm:aspect-auto"
              }`}
            >
              <img
                src={img.src}
                alt=""
                width={img.width ?? undefined}
                height={img.height ?? undefined}
                loading={i === 0 ? "eager" : "lazy"}
                // The first photo is the sheet's largest paint: asked for before the scripts.
                fetchPriority={i === 0 ? "high" : undefined}
                className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
              />
              {showExtra && (
                <span
                  className="absolute inset-0 flex items-center justify-center bg-slate-900/60 text-3xl font-bold text-white backdrop-blur-[3px]"
                  data-testid="gallery-more"
                >
                  +{extra}
                </span>
              )}
            </button>
          );
        })}
      </div>
      {sliderWanted && (
        <Suspense fallback={null}>
          <GallerySlider images={images} name={name} index={openAt} onIndexChange={setOpenAt} />
        </Suspense>
      )}
    </div>
  );
}
