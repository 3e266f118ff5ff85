// Demo pictures of warehouses, drawn as SVG and encoded with sharp: no network, no binary
// fixtures in the repository. A small pool is rendered once and shared by every demo warehouse
// (several images rows may point at the same file), so seeding thousands of warehouses stays fast.
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { createRandom, type Random } from "./random.ts";

export type SeedImage = {
  /** Public URL path, e.g. /uploads/demo/warehouse-01.webp. */
  src: string;
  /** Storage key, relative to the uploads directory. */
  file: string;
  width: number;
  height: number;
  thumb: { src: string; file: string; width: number; height: number };
};

export const IMAGE_SIZE = { width: 1200, height: 800 } as const;
export const THUMB_SIZE = { width: 400, height: 267 } as const;

const FOLDER = "demo";
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

const WALLS = ["#d9dde1", "#c9ced3", "#e4d9c6", "#b8c4cf", "#d3c2a8", "#a9b5a0", "#cfd6dc", "#e8e2d6", "#9fb1c2", "#c7b299"];
const ACCENTS = ["#1f5f99", "#c0392b", "#2e7d32", "#e67e22", "#37474f", "#6a1b9a", "#00838f", "#f1c40f"];
const SKIES = [
  ["#8ec5ea", "#e3f2fb"],
  ["#6fa8dc", "#d6eaf8"],
  ["#f6c28b", "#fbe6cf"],
  ["#9bb7c9", "#e9eef2"],
  ["#7fb3d5", "#fdfefe"],
];
const SIGNS = ["LOGISTICA", "MAGAZZINO", "DEPOSITO", "HUB", "POLO LOGISTICO", "STOCK", "DISTRIBUZIONE", "MAGAZZINI GENERALI"];

function exterior(rnd: Random, index: number): string {
  const { width: W, height: H } = IMAGE_SIZE;
  const [skyTop, skyBottom] = rnd.pick(SKIES);
  const wall = rnd.pick(WALLS);
  const accent = rnd.pick(ACCENTS);
  // Yellow is fine for a band, unreadable as text on white.
  const ink = accent === "#f1c40f" ? "#37474f" : accent;
  const horizon = rnd.int(470, 540);
  const left = rnd.int(60, 180);
  const right = W - rnd.int(60, 180);
  const wallTop = rnd.int(240, 320);
  const roof = rnd.pick(["flat", "gable", "shed", "barrel", "sawtooth"] as const);
  const parts: string[] = [];

  parts.push(`<defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
    <linearGradient id="yard" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#8d949a"/><stop offset="1" stop-color="#5f666c"/></linearGradient>
    <linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.10"/><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient>
  </defs>`);
  parts.push(`<rect width="${W}" height="${H}" fill="url(#sky)"/>`);
  // Clouds and distant hills give each picture its own horizon.
  for (let i = 0; i < rnd.int(1, 4); i++) {
    const cx = rnd.int(0, W);
    const cy = rnd.int(50, 200);
    parts.push(
      `<g fill="#fff" opacity="0.8"><ellipse cx="${cx}" cy="${cy}" rx="${rnd.int(60, 120)}" ry="${rnd.int(18, 30)}"/><ellipse cx="${cx + 50}" cy="${cy - 15}" rx="${rnd.int(40, 70)}" ry="${rnd.int(20, 30)}"/></g>`,
    );
  }
  parts.push(
    `<path d="M0 ${horizon} Q ${W * 0.25} ${horizon - rnd.int(40, 110)} ${W * 0.5} ${horizon - 20} T ${W} ${horizon - rnd.int(10, 80)} L ${W} ${horizon} Z" fill="#9db59a" opacity="0.7"/>`,
  );
  parts.push(`<rect y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#yard)"/>`);

  // Roof.
  const roofColor = rnd.pick(["#6d7479", "#8a5a44", "#4e5b66", "#7b8187"]);
  if (roof === "gable") {
    parts.push(`<path d="M${left - 20} ${wallTop} L${W / 2} ${wallTop - rnd.int(70, 120)} L${right + 20} ${wallTop} Z" fill="${roofColor}"/>`);
  } else if (roof === "shed") {
    parts.push(
      `<path d="M${left - 15} ${wallTop} L${left - 15} ${wallTop - rnd.int(50, 90)} L${right + 15} ${wallTop - 10} L${right + 15} ${wallTop} Z" fill="${roofColor}"/>`,
    );
  } else if (roof === "barrel") {
    parts.push(`<path d="M${left - 15} ${wallTop} Q ${W / 2} ${wallTop - rnd.int(110, 170)} ${right + 15} ${wallTop} Z" fill="${roofColor}"/>`);
  } else if (roof === "sawtooth") {
    const teeth = rnd.int(4, 7);
    const step = (right - left + 30) / teeth;
    let d = `M${left - 15} ${wallTop}`;
    for (let i = 0; i < teeth; i++) {
      const x = left - 15 + i * step;
      d += ` L${x} ${wallTop - 60} L${x + step} ${wallTop}`;
    }
    parts.push(`<path d="${d} Z" fill="${roofColor}"/>`);
    for (let i = 0; i < teeth; i++) {
      const x = left - 15 + i * step;
      parts.push(`<path d="M${x} ${wallTop - 60} L${x} ${wallTop} L${x + step * 0.25} ${wallTop - 45} Z" fill="#bcd4e6"/>`);
    }
  } else {
    parts.push(`<rect x="${left - 12}" y="${wallTop - 16}" width="${right - left + 24}" height="16" fill="${roofColor}"/>`);
  }

  // Façade: corrugated cladding, a coloured band, the sign.
  parts.push(`<rect x="${left}" y="${wallTop}" width="${right - left}" height="${horizon + 40 - wallTop}" fill="${wall}"/>`);
  for (let x = left + 12; x < right; x += 14) {
    parts.push(`<line x1="${x}" y1="${wallTop}" x2="${x}" y2="${horizon + 40}" stroke="#000" stroke-opacity="0.06" stroke-width="3"/>`);
  }
  parts.push(`<rect x="${left}" y="${wallTop}" width="${right - left}" height="${horizon + 40 - wallTop}" fill="url(#shade)"/>`);
  const band = rnd.int(26, 40);
  parts.push(`<rect x="${left}" y="${wallTop + 10}" width="${right - left}" height="${band}" fill="${accent}"/>`);
  const sign = rnd.pick(SIGNS);
  const signWidth = Math.min(right - left - 80, sign.length * 26 + 60);
  const signX = rnd.chance(0.5) ? left + 40 : (left + right - signWidth) / 2;
  parts.push(`<rect x="${signX}" y="${wallTop + band + 24}" width="${signWidth}" height="56" rx="6" fill="#ffffff" stroke="${accent}" stroke-width="4"/>`);
  parts.push(
    `<text x="${signX + signWidth / 2}" y="${wallTop + band + 63}" font-family="${FONT}" font-size="30" font-weight="bold" fill="${ink}" text-anchor="middle">${sign} ${String(index + 1).padStart(2, "0")}</text>`,
  );

  // Windows strip (offices) on some buildings.
  let freeFrom = wallTop + band + 80;
  if (rnd.chance(0.6)) {
    const wx = rnd.chance(0.5) ? left + 20 : right - 260;
    for (let i = 0; i < 4; i++) {
      parts.push(`<rect x="${wx + i * 60}" y="${freeFrom + 16}" width="46" height="34" fill="#a7c7dc" stroke="#5b6770" stroke-width="2"/>`);
    }
    freeFrom += 50;
  }

  // Loading docks: sectional doors with shelters and numbers, kept clear of the sign above.
  const doors = rnd.int(3, 8);
  const doorW = rnd.int(70, 95);
  const doorH = Math.max(70, Math.min(rnd.int(110, 150), horizon + 40 - freeFrom - 40));
  const gap = (right - left - doors * doorW) / (doors + 1);
  const doorColor = rnd.pick(["#eceff1", "#90a4ae", accent, "#b0bec5"]);
  for (let i = 0; i < doors; i++) {
    const x = left + gap + i * (doorW + gap);
    const y = horizon + 40 - doorH;
    parts.push(`<rect x="${x - 8}" y="${y - 10}" width="${doorW + 16}" height="${doorH + 10}" fill="#263238"/>`);
    parts.push(`<rect x="${x}" y="${y}" width="${doorW}" height="${doorH}" fill="${doorColor}"/>`);
    for (let yy = y + 16; yy < y + doorH; yy += 16) {
      parts.push(`<line x1="${x}" y1="${yy}" x2="${x + doorW}" y2="${yy}" stroke="#000" stroke-opacity="0.18" stroke-width="2"/>`);
    }
    parts.push(`<text x="${x + doorW / 2}" y="${y - 16}" font-family="${FONT}" font-size="16" fill="#263238" text-anchor="middle">${i + 1}</text>`);
  }
  parts.push(`<rect x="${left}" y="${horizon + 40}" width="${right - left}" height="14" fill="#455a64"/>`);

  // A truck or two in the yard, and road markings.
  for (let i = 0; i < rnd.int(0, 2); i++) {
    const tx = rnd.int(left, right - 320);
    const ty = rnd.int(horizon + 110, H - 170);
    const trailer = rnd.pick(["#eceff1", "#1565c0", "#b71c1c", "#fafafa", "#2e7d32"]);
    parts.push(`<g><rect x="${tx}" y="${ty}" width="240" height="100" fill="${trailer}" stroke="#37474f" stroke-width="3"/>
      <rect x="${tx + 240}" y="${ty + 30}" width="70" height="70" rx="6" fill="${rnd.pick(ACCENTS)}"/>
      <rect x="${tx + 270}" y="${ty + 40}" width="30" height="24" fill="#cfe3f1"/>
      <circle cx="${tx + 40}" cy="${ty + 108}" r="16" fill="#212121"/><circle cx="${tx + 80}" cy="${ty + 108}" r="16" fill="#212121"/><circle cx="${tx + 280}" cy="${ty + 108}" r="16" fill="#212121"/></g>`);
  }
  for (let x = 20; x < W; x += 140) {
    parts.push(`<rect x="${x}" y="${H - 60}" width="70" height="8" fill="#eceff1" opacity="0.7"/>`);
  }
  // Trees at the edges.
  for (const tx of [rnd.int(10, left - 20), rnd.int(right + 20, W - 10)]) {
    parts.push(
      `<rect x="${tx - 5}" y="${horizon - 10}" width="10" height="50" fill="#6d4c41"/><circle cx="${tx}" cy="${horizon - 30}" r="${rnd.int(28, 40)}" fill="#4f7f4a"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join("")}</svg>`;
}

function interior(rnd: Random, index: number): string {
  const { width: W, height: H } = IMAGE_SIZE;
  const rack = rnd.pick(["#1f5f99", "#e67e22", "#c0392b", "#2e7d32"]);
  const beams = rnd.pick(["#f39c12", "#e67e22", "#d35400", "#f1c40f"]);
  const floor = rnd.pick(["#9ea7ad", "#b0b7bb", "#8f9a9f", "#a9a28f"]);
  const vx = W / 2 + rnd.int(-120, 120);
  const vy = rnd.int(300, 380);
  const parts: string[] = [];
  parts.push(`<defs><linearGradient id="ceiling" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfd8dc"/><stop offset="1" stop-color="#eceff1"/></linearGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${floor}"/><stop offset="1" stop-color="#6b7479"/></linearGradient></defs>`);
  parts.push(`<rect width="${W}" height="${vy}" fill="url(#ceiling)"/>`);
  parts.push(`<rect y="${vy}" width="${W}" height="${H - vy}" fill="url(#floor)"/>`);
  // Ceiling lights converging to the vanishing point.
  for (let i = 1; i <= 5; i++) {
    const t = i / 6;
    const y = vy * t * 0.9;
    const w = 160 * (1 - t);
    parts.push(`<rect x="${vx - w / 2}" y="${y}" width="${w}" height="${8 * (1 - t) + 2}" fill="#fffde7"/>`);
  }
  // Two rows of pallet racks in perspective, one on each side of the aisle.
  for (const side of [-1, 1]) {
    const outer = side < 0 ? 0 : W;
    const levels = rnd.int(4, 6);
    for (let l = 0; l <= levels; l++) {
      const yOuter = H - 40 - (l * (H - 80)) / levels;
      const yInner = vy + (yOuter - vy) * 0.18;
      const xInner = vx + side * 60;
      parts.push(`<path d="M${outer} ${yOuter} L${xInner} ${yInner} L${xInner} ${yInner + 4} L${outer} ${yOuter + 14} Z" fill="${beams}"/>`);
      if (l < levels) {
        // Pallets with wrapped loads sit on each beam level.
        for (let k = 0; k < 6; k++) {
          const t0 = k / 6 + 0.02;
          const t1 = (k + 1) / 6 - 0.02;
          const x0 = outer + (xInner - outer) * t0;
          const x1 = outer + (xInner - outer) * t1;
          const yTop = (t: number) => yOuter + (yInner - yOuter) * t;
          const nextOuter = H - 40 - ((l + 1) * (H - 80)) / levels;
          const hOuter = (yOuter - nextOuter) * 0.75;
          const h0 = hOuter * (1 - t0 * 0.82);
          const h1 = hOuter * (1 - t1 * 0.82);
          if (rnd.chance(0.85)) {
            const load = rnd.pick(["#d7ccc8", "#bcaaa4", "#ffe0b2", "#cfd8dc", "#fff3e0", "#a1887f"]);
            parts.push(
              `<path d="M${x0} ${yTop(t0)} L${x1} ${yTop(t1)} L${x1} ${yTop(t1) - h1} L${x0} ${yTop(t0) - h0} Z" fill="${load}" stroke="#8d6e63" stroke-width="1"/>`,
            );
          }
        }
      }
    }
    for (let k = 0; k <= 6; k++) {
      const t = k / 6;
      const x = outer + (vx + side * 60 - outer) * t;
      const yBottom = H - 40 + (vy - (H - 40)) * t * 0.82;
      const yTopPost = 40 + (vy - 40) * t * 0.82;
      parts.push(`<line x1="${x}" y1="${yBottom}" x2="${x}" y2="${yTopPost}" stroke="${rack}" stroke-width="${10 * (1 - t) + 2}"/>`);
    }
  }
  // Aisle markings and a label with the aisle number.
  parts.push(`<path d="M${vx - 8} ${vy} L${W / 2 - 190} ${H} L${W / 2 - 170} ${H} L${vx - 4} ${vy} Z" fill="#f4d03f"/>`);
  parts.push(`<path d="M${vx + 4} ${vy} L${W / 2 + 170} ${H} L${W / 2 + 190} ${H} L${vx + 8} ${vy} Z" fill="#f4d03f"/>`);
  parts.push(`<rect x="${vx - 60}" y="${vy - 120}" width="120" height="48" rx="4" fill="${rack}"/>`);
  parts.push(
    `<text x="${vx}" y="${vy - 86}" font-family="${FONT}" font-size="26" font-weight="bold" fill="#fff" text-anchor="middle">${String.fromCharCode(65 + (index % 26))}${rnd.int(1, 40)}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${parts.join("")}</svg>`;
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

/**
 * Renders (or reuses, when already on disk) a pool of `count` distinct warehouse pictures under
 * `<uploadsDir>/demo/`, each as a 1200×800 WebP with a 400×267 thumbnail. Deterministic: the
 * same index always draws the same picture.
 */
export async function generateImagePool(uploadsDir: string, count = 24): Promise<SeedImage[]> {
  const dir = path.join(uploadsDir, FOLDER);
  await fs.mkdir(dir, { recursive: true });
  const jobs = Array.from({ length: count }, async (_, i): Promise<SeedImage> => {
    const name = `warehouse-${String(i + 1).padStart(2, "0")}`;
    const file = `${FOLDER}/${name}.webp`;
    const thumbFile = `${FOLDER}/${name}-thumb.webp`;
    const image: SeedImage = {
      src: `/uploads/${file}`,
      file,
      ...IMAGE_SIZE,
      thumb: { src: `/uploads/${thumbFile}`, file: thumbFile, ...THUMB_SIZE },
    };
    const full = path.join(uploadsDir, file);
    const thumb = path.join(uploadsDir, thumbFile);
    if ((await exists(full)) && (await exists(thumb))) return image;
    const rnd = createRandom(0x5eed + i * 7919);
    // Two in three are façades, the rest interiors: a gallery then shows both.
    const svg = i % 3 === 2 ? interior(rnd, i) : exterior(rnd, i);
    const rendered = sharp(Buffer.from(svg)).resize(IMAGE_SIZE.width, IMAGE_SIZE.height);
    // Write to a temporary name first: a crash mid-write must not leave a truncated file that
    // the next run would take as done.
    await rendered.clone().webp({ quality: 78 }).toFile(`${full}.tmp`);
    await rendered.clone().resize(THUMB_SIZE.width, THUMB_SIZE.height).webp({ quality: 72 }).toFile(`${thumb}.tmp`);
    await fs.rename(`${full}.tmp`, full);
    await fs.rename(`${thumb}.tmp`, thumb);
    return image;
  });
  return Promise.all(jobs);
}
