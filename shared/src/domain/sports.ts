/** A sport as listed by GET /api/sports (spec 001 §3). */
export interface Sport {
  key: string;
  title: string;
  group: string;
  active: boolean;
}
