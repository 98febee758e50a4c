// The front door of the inspection-questions module (ADR 25): what other modules may use.
export { inspectionQuestionsRoutes, inspectionQuestionUsers } from './inspection-questions.routes';
