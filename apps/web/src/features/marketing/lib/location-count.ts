/** The spec's landing text: "more than 260 locations around Jabodetabek". */
export const specLocationFloor = 260;

/**
 * The N of "more than N locations": the largest multiple of ten below the number of public
 * locations the finder lists, so the line and the finder's count always agree. Without a count
 * (the API did not answer) the spec's figure is shown.
 */
export function locationFloor(publicLocations: number | null | undefined): number {
  if (!publicLocations) return specLocationFloor;
  return Math.max(0, Math.floor((publicLocations - 1) / 10) * 10);
}
