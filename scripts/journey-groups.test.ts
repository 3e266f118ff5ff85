// The browser lane's groups (BROWSER_SHARDS): every journey in exactly one group, the groups of
// about the same length, the same files in the same groups on every machine.
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_JOURNEY_SECONDS, JOURNEY_SECONDS, journeyGroups } from "../tests/support/lanes.ts";

const journeys = fs.readdirSync("tests/e2e").filter((file) => file.endsWith(".test.ts"));
const length = (group: string[]) => group.reduce((sum, file) => sum + (JOURNEY_SECONDS[file] ?? DEFAULT_JOURNEY_SECONDS), 0);

describe("journeyGroups", () => {
  it("puts every journey in exactly one group", () => {
    for (const count of [1, 2, 3]) {
      const groups = journeyGroups(journeys, count);
      expect(groups).toHaveLength(count);
      expect(groups.flat().sort()).toEqual([...journeys].sort());
    }
  });

  it("makes groups of about the same length: none longer than the shortest by more than its longest journey", () => {
    const groups = journeyGroups(journeys, 2);
    const lengths = groups.map(length);
    const longestJourney = Math.max(...journeys.map((file) => JOURNEY_SECONDS[file] ?? DEFAULT_JOURNEY_SECONDS));
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThanOrEqual(longestJourney);
    // The two longest journeys never share a group.
    const [first, second] = Object.entries(JOURNEY_SECONDS).sort((a, b) => b[1] - a[1]);
    expect(groups.find((g) => g.includes(first![0]))).not.toContain(second![0]);
  });

  it("gives the same groups whatever order the files are listed in", () => {
    expect(journeyGroups([...journeys].reverse(), 2)).toEqual(journeyGroups(journeys, 2));
  });

  it("counts a journey it has no figure for as a default length", () => {
    const groups = journeyGroups(["new-journey.test.ts", "accessibility.test.ts"], 2);
    expect(groups).toEqual([["accessibility.test.ts"], ["new-journey.test.ts"]]);
  });
});
