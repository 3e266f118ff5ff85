import { m } from "../../paraglide/messages.js";

/**
 * Every map's note that its background could not be fetched, in a corner of the box (`place`:
 * where, by the map's other overlays). `long` says it in full where the screen has room.
 */
export function MapOfflineNote({ testId, place = "bottom-2 left-2", long = false }: { testId: string; place?: string; long?: boolean }) {
  return (
    <p className={`pointer-events-none absolute rounded-md bg-white/90 px-2 py-1 text-xs text-slate-600 shadow-sm ${place}`} data-testid={testId}>
      {long ? (
        <>
          <span className="lg:hidden">{m.map_offline_short()}</span>
          <span className="max-lg:hidden">{m.map_offline()}</span>
        </>
      ) : (
        m.map_offline_short()
      )}
    </p>
  );
}
