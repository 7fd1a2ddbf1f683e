import * as v from 'valibot';

export const emailSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty('Email is required'),
  v.email('Please enter a valid email address.'),
);

// No length rule here: the auth service owns its password policy and its message is shown as is.
export const passwordSchema = v.pipe(v.string(), v.nonEmpty('Password is required'));

export const authSchema = v.object({ email: emailSchema, password: passwordSchema });

export type AuthCredentials = v.InferOutput<typeof authSchema>;
