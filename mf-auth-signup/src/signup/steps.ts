// The signup step counter 0–7 (spec §2, §4) as pure rules.
import { ACTIVATION_TEXT_STEPS, EMPTY_DATE_OF_BIRTH, SIGNUP_LAST_STEP, type User } from '@dating/shared';

export type Step = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7;

export interface StepContext {
  /** Push is offered: the site has a VAPID key and this browser can do push and did not deny it. */
  pushOffered: boolean;
  /** Skip the steps a member has already filled in (on for /complete-signup). */
  autoSkip: boolean;
  /** The site shows profile notes (settings.visible_profile_notes); step 5 otherwise skipped. */
  notesOffered: boolean;
}

/**
 * Where a member enters the form (spec §4): a visitor at 0; a logged-in member at 1, or 2 when
 * push is not offered, or 3 when a main image exists; with auto-skip on, 4 if region or city
 * exists, 5 if gender or date of birth exists, 6 if personal text exists. Each later rule wins.
 */
export function entryStep(user: User | null | undefined, ctx: StepContext): Step {
  if (!user) return 0;
  const p = user.profile;
  let step: Step = 1;
  if (!ctx.pushOffered) step = 2;
  if (p.main_image) step = 3;
  if (ctx.autoSkip) {
    if (p.countryregion || p.city) step = 4;
    if (p.gender || (p.date_of_birth && p.date_of_birth !== EMPTY_DATE_OF_BIRTH)) step = 5;
    if (p.personal.trim()) step = 6;
  }
  if (step === 5 && !ctx.notesOffered) step = 6;
  return step;
}

/** The step after `from`: step 1 only when push is offered, step 5 only when notes are. */
export function nextStep(from: Step, ctx: Pick<StepContext, 'pushOffered' | 'notesOffered'>): Step {
  let next = Math.min(from + 1, SIGNUP_LAST_STEP) as Step;
  if (next === 1 && !ctx.pushOffered) next = 2;
  if (next === 5 && !ctx.notesOffered) next = 6;
  return next;
}

/** The SIGNUP_DOT_COUNT (4) dots of the progress indicator: account (0), you (1–3: push, photo, location), profile (4–5), done (6–7). */
export function dotOf(step: Step): 0 | 1 | 2 | 3 {
  if (step === 0) return 0;
  if (step <= 3) return 1;
  if (step <= 5) return 2;
  return 3;
}

/** Activation progress (spec §9): the text changes at steps 4, 7 and 10 (ACTIVATION_TEXT_STEPS). */
export function progressPhase(tick: number): 0 | 1 | 2 | 3 {
  return ACTIVATION_TEXT_STEPS.filter((step) => tick >= step).length as 0 | 1 | 2 | 3;
}
