/** GET /api/site: public settings of this deployment for the web client. */
export interface SiteConfig {
  /** Footer and account-page social links (SOCIAL_LINKS); empty when none are configured. */
  social_links: Array<{ label: string; url: string }>;
  /** Odds-data calls the free plan gets a month (FREE_MONTHLY_QUOTA), for the pricing copy (DECISIONS 2). */
  free_monthly_quota: number;
  /**
   * Which feeds' numbers come from the built-in simulator rather than a provider (ODDS_PROVIDER, SCORES_PROVIDER): the
   * app says so on every page, since a bet placed on them is placed on prices no book offers.
   */
  simulated: { odds: boolean; scores: boolean };
}
