import type { Sport } from '@oddspulse/shared';

/** The options of a sport select: each sport by its key, shown by its title. */
export function SportOptions({ sports }: { sports: readonly Sport[] }) {
  return sports.map((sport) => (
    <option key={sport.key} value={sport.key}>
      {sport.title}
    </option>
  ));
}
