// The overall status of an inspection and its banner (spec 1 §4), once for the terminal's dialog and
// for the server, which stores what this returns.

export const OVERALL_STATUSES = ['pass', 'pass_with_notes', 'fail'] as const;
export type OverallStatus = (typeof OVERALL_STATUSES)[number];

export const OVERALL_STATUS_LABELS: Record<OverallStatus, string> = {
  pass: 'Pass',
  pass_with_notes: 'Pass w/ Notes',
  fail: 'Fail',
};

/** DESIGN.md: pass green, pass_with_notes yellow, fail red. */
export const OVERALL_STATUS_COLORS: Record<OverallStatus, string> = {
  pass: 'green',
  pass_with_notes: 'yellow',
  fail: 'red',
};

export interface InspectionAnswer {
  questionId: string;
  /** true Pass, false Fail, null N/A. */
  passed: boolean | null;
  notes?: string | null;
}

const hasText = (s: string | null | undefined) => typeof s === 'string' && s.trim() !== '';

/** Fail if any answer fails; else pass with notes if any note was written; else pass. N/A never fails. */
export function overallInspectionStatus(
  answers: readonly InspectionAnswer[],
  additionalNotes?: string | null,
): OverallStatus {
  if (answers.some((a) => a.passed === false)) return 'fail';
  if (answers.some((a) => hasText(a.notes)) || hasText(additionalNotes)) return 'pass_with_notes';
  return 'pass';
}

export type InspectionKind = 'pre_departure' | 'end_of_shift';

/** The banner shown once every question is answered. */
export function inspectionBanner(status: OverallStatus, kind: InspectionKind): string {
  if (status === 'fail') {
    return kind === 'end_of_shift'
      ? 'Vehicle has failed inspection. The defect is recorded and the vehicle cannot be taken out again until a manager clears it.'
      : 'Vehicle has failed inspection. Please address all issues before departing.';
  }
  if (status === 'pass_with_notes') return 'Vehicle passed with notes. Review before departing.';
  return 'Vehicle passed all checks!';
}

export function incompleteInspectionMessage(questionCount: number): string {
  return `Incomplete Inspection: Please answer all ${questionCount} questions before submitting`;
}

/** The questions without an answer (an answer is Pass, Fail or N/A: any value, null included). */
export function unansweredQuestions<Q extends { id: string }>(
  questions: readonly Q[],
  answers: readonly Pick<InspectionAnswer, 'questionId' | 'passed'>[],
): Q[] {
  const answered = new Set(answers.filter((a) => a.passed !== undefined).map((a) => a.questionId));
  return questions.filter((q) => !answered.has(q.id));
}
