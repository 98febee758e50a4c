import { InspectionQuestionEditor } from '../components/inspection-question-editor';

/** /settings/ops-forms/end-of-shift. */
export default function EndOfShiftQuestionsPanel() {
  return <InspectionQuestionEditor type="end_of_shift" />;
}
