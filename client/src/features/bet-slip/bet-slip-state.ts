import { useQuery } from '@tanstack/react-query';
import { atom, useAtom } from 'jotai';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DEFAULT_BANKROLL, isRiskLevel } from '@oddspulse/shared';
import { preferencesQuery } from '../../state/session-api';
import { useSignedInUserId } from '../../state/auth';
import { browserStorage, storedKey, writeStored } from '../../state/stored-value';
import { EMPTY_SLIP, type BetSlipState } from './bet-slip';

/** Bet slip settings kept in this browser (spec 001 §3): risk tolerance, quick bet amount, auto-calculate. */
export const SLIP_SETTINGS_KEY = 'betSlipSettings';
const SLIP_SETTINGS = storedKey(SLIP_SETTINGS_KEY, 'preference');

function initialSlip(): BetSlipState {
  const raw = browserStorage()?.getItem(SLIP_SETTINGS_KEY);
  if (!raw) return EMPTY_SLIP;
  try {
    const saved = JSON.parse(raw) as Partial<BetSlipState>;
    return {
      ...EMPTY_SLIP,
      risk: isRiskLevel(saved.risk) ? saved.risk : EMPTY_SLIP.risk,
      autoCalculate: typeof saved.autoCalculate === 'boolean' ? saved.autoCalculate : EMPTY_SLIP.autoCalculate,
      quickBetAmount:
        typeof saved.quickBetAmount === 'number' && saved.quickBetAmount > 0
          ? saved.quickBetAmount
          : EMPTY_SLIP.quickBetAmount,
    };
  } catch {
    browserStorage()?.removeItem(SLIP_SETTINGS_KEY);
    return EMPTY_SLIP;
  }
}

const slipBaseAtom = atom<BetSlipState>(initialSlip());

export const betSlipAtom = atom(
  (get) => get(slipBaseAtom),
  (get, set, update: BetSlipState | ((s: BetSlipState) => BetSlipState)) => {
    const before = get(slipBaseAtom);
    const next = typeof update === 'function' ? update(before) : update;
    set(slipBaseAtom, next);
    // most changes are the slip's bets and stakes (a stake's every keystroke): the settings are written when they change
    const settingsKept =
      next.risk === before.risk &&
      next.autoCalculate === before.autoCalculate &&
      next.quickBetAmount === before.quickBetAmount;
    if (!settingsKept)
      writeStored(
        SLIP_SETTINGS,
        JSON.stringify({ risk: next.risk, autoCalculate: next.autoCalculate, quickBetAmount: next.quickBetAmount }),
      );
  },
);

export const useBetSlip = () => useAtom(betSlipAtom);

/**
 * The bankroll in cents: the account's (/api/preferences), default 1000 (DECISIONS 16) until it loads; with it the
 * user's own exchange commission rates (FRACTIONS by book; empty: every exchange at its published default).
 */
export type BankrollState =
  | { source: 'loading' | 'account'; cents: number; commissions: Readonly<Record<string, number>> }
  | { source: 'default'; cents: number; commissions: Readonly<Record<string, number>>; error: string };

/**
 * The account's bankroll is read once per page load (a failed read again where next needed), and follows a save of
 * the preferences.
 */
export function useBankroll(): BankrollState {
  const userId = useSignedInUserId();
  const prefs = useQuery({ ...preferencesQuery(userId), enabled: userId !== '', staleTime: Infinity });
  const { data, error } = prefs;
  return useMemo((): BankrollState => {
    if (data)
      return {
        source: 'account',
        cents: Math.round(
          (typeof data.bankroll === 'number' && data.bankroll >= 0 ? data.bankroll : DEFAULT_BANKROLL) * 100,
        ),
        commissions: data.commissions ?? {},
      };
    // Sizing still works on the default bankroll; the slip says so.
    if (error) return { source: 'default', cents: DEFAULT_BANKROLL * 100, commissions: {}, error: error.message };
    return { source: 'loading', cents: DEFAULT_BANKROLL * 100, commissions: {} };
  }, [data, error]);
}

/** A label that reads `done` for a while after an action (spec 001 §4: 'Added!' for 1.5 s). */
export function useFlashLabel(ms = 1500): [boolean, () => void] {
  const [on, setOn] = useState(false);
  useEffect(() => {
    if (!on) return;
    const timer = window.setTimeout(() => setOn(false), ms);
    return () => window.clearTimeout(timer);
  }, [on, ms]);
  return [on, useCallback(() => setOn(true), [])];
}
