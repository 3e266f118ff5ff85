import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { MapOfflineNote } from "./MapOfflineNote.tsx";
import { OFFLINE_STYLE } from "./map-setup.ts";

describe("the maps' offline note", () => {
  it("says it in short, in the corner given, or in full where the screen has room", () => {
    const short = renderToStaticMarkup(<MapOfflineNote testId="sheet-map-offline" />);
    expect(short).toContain('data-testid="sheet-map-offline"');
    expect(short).toContain("bottom-2 left-2");
    expect(short).toContain(">Map offline<");
    const long = renderToStaticMarkup(<MapOfflineNote testId="map-offline" place="top-28 right-2" long />);
    expect(long).toContain("top-28 right-2");
    expect(long).toMatch(/<span class="lg:hidden">Map offline<\/span><span class="max-lg:hidden">[^<]+<\/span>/);
  });

  it("the offline background is a plain style with no source to fetch", () => {
    expect(OFFLINE_STYLE.sources).toEqual({});
    expect(OFFLINE_STYLE.layers.map((l) => l.type)).toEqual(["background"]);
  });
});
