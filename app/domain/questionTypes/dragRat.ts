// DRAG_RAT (ranking by dragging): unsupported. The screens skip it (not rendered, never blocks submission), its file
// shape is not checked, and answers to it from another client are kept unchecked.
import { alwaysValid, type QuestionTypeDef } from './kit'

export const DRAG_RAT: QuestionTypeDef = {
  shape: 'any',
  supported: false,
  valid: alwaysValid,
  parse: () => ({ answers: [], notice: null }),
}
