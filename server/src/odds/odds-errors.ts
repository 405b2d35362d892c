import { HttpException, HttpStatus } from '@nestjs/common';

/** A sport whose board the pipeline has not written yet: a visible 503, never an empty list passed off as "no games". */
export function boardUnavailable(kind: 'odds' | 'props' | 'scores', sports: readonly string[]): HttpException {
  const what = kind === 'scores' ? 'Scores are' : kind === 'props' ? 'Player props are' : 'Odds are';
  return new HttpException(
    { statusCode: 503, code: 'BOARD_UNAVAILABLE', message: `${what} not available yet for ${sports.join(', ')}. Please try again shortly.`, sports },
    HttpStatus.SERVICE_UNAVAILABLE,
  );
}
