// The one minimum for a password, wherever it is set (register, the reset link's set-password, update, researcher
// import) and wherever a current password is checked before it is compared: a password shorter than this can never
// be set, so a current password shorter than this can never be right.
export const PASSWORD_MIN_LENGTH = 3

/** Whether `password` meets the minimum (counted in UTF-16 units, as the forms' length checks count). */
export function passwordLongEnough(password: string): boolean {
  return password.length >= PASSWORD_MIN_LENGTH
}
