import { describe, expect, it } from 'vitest';
import {
  incompleteInspectionMessage,
  inspectionBanner,
  overallInspectionStatus,
  unansweredQuestions,
} from './inspection';

describe('overallInspectionStatus', () => {
  it('fails on any Fail, whatever else', () => {
    expect(
      overallInspectionStatus(
        [
          { questionId: 'a', passed: true },
          { questionId: 'b', passed: false },
        ],
        'all good otherwise',
      ),
    ).toBe('fail');
  });

  it('passes with notes when a note or the additional notes say something', () => {
    expect(overallInspectionStatus([{ questionId: 'a', passed: true, notes: 'Wiper worn' }])).toBe(
      'pass_with_notes',
    );
    expect(overallInspectionStatus([{ questionId: 'a', passed: true }], 'Mirror loose')).toBe(
      'pass_with_notes',
    );
    expect(overallInspectionStatus([{ questionId: 'a', passed: true, notes: '   ' }], '')).toBe('pass');
  });

  it('does not fail on N/A', () => {
    expect(
      overallInspectionStatus([
        { questionId: 'a', passed: null },
        { questionId: 'b', passed: true },
      ]),
    ).toBe('pass');
  });
});

describe('banners and completeness', () => {
  it('says the spec texts, with the end-of-shift variant', () => {
    expect(inspectionBanner('fail', 'pre_departure')).toBe(
      'Vehicle has failed inspection. Please address all issues before departing.',
    );
    expect(inspectionBanner('fail', 'end_of_shift')).toBe(
      'Vehicle has failed inspection. The defect is recorded and the vehicle cannot be taken out again until a manager clears it.',
    );
    expect(inspectionBanner('pass_with_notes', 'pre_departure')).toBe(
      'Vehicle passed with notes. Review before departing.',
    );
    expect(inspectionBanner('pass', 'end_of_shift')).toBe('Vehicle passed all checks!');
    expect(incompleteInspectionMessage(12)).toBe(
      'Incomplete Inspection: Please answer all 12 questions before submitting',
    );
  });

  it('finds unanswered questions, N/A counting as an answer', () => {
    const questions = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    expect(
      unansweredQuestions(questions, [
        { questionId: 'a', passed: null },
        { questionId: 'c', passed: false },
      ]),
    ).toEqual([{ id: 'b' }]);
  });
});
