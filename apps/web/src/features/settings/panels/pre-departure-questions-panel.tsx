import { InspectionQuestionEditor } from '../components/inspection-question-editor';

/** /settings/ops-forms/inspections (and the older /settings/operations/inspections). */
export default function PreDepartureQuestionsPanel() {
  return <InspectionQuestionEditor type="pre_departure" />;
}
