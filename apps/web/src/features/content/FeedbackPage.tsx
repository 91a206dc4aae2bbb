/**
 * /feedback (product spec §2, §5): comments and a 1–5 rating, checked with the API's schema. The
 * spec only logs the outcome; the page also says it was received, so the user is not left guessing.
 */
import { FEEDBACK_RATING_MAX, FEEDBACK_RATING_MIN } from '@sfr/contracts';
import { useMutation } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useRef } from 'react';
import { ApiRequestError } from '../../lib/api';
import { TextAreaField, TextField } from '../../ui/forms/FormField';
import { apiFieldErrors } from '../../ui/forms/form-check';
import { SubmitButton } from '../../ui/forms/SubmitButton';
import { useSchemaForm } from '../../ui/forms/use-schema-form';
import { UI_TEXT } from '../../ui/text';
import { useDocumentTitle } from '../../ui/use-document-title';
import { submitFeedback } from '../account/queries';
import { type FeedbackValues, validateFeedback } from './feedback-form';
import '../../ui/page.css';

const EMPTY: FeedbackValues = { comments: '', rating: '' };
const THANKS = 'Thank you! Your feedback was received.';
const NOT_SENT = 'Your feedback could not be sent. Please try again.';

export function FeedbackPage() {
  useDocumentTitle('Feedback');
  const resultRef = useRef<HTMLParagraphElement>(null);
  const form = useSchemaForm({ initialValues: EMPTY, validate: validateFeedback });

  const mutation = useMutation({
    mutationFn: submitFeedback,
    onSuccess: (answer) => {
      console.info('feedback submitted', answer.id);
      form.reset();
    },
    onError: (error) => {
      console.warn('feedback failed', error);
      form.showErrors(apiFieldErrors(error));
    },
  });

  // say how it went where the user will hear it; field errors already took the focus to their field
  const failedOnFields = Object.keys(apiFieldErrors(mutation.error)).length > 0;
  useEffect(() => {
    if (mutation.isSuccess || (mutation.isError && !failedOnFields)) resultRef.current?.focus();
  }, [mutation.isSuccess, mutation.isError, failedOnFields]);

  const submit = form.handleSubmit((body) => mutation.mutate(body));

  /** A field's binding that also clears the last outcome: it was about what was sent before. */
  const field = (name: keyof FeedbackValues) => {
    const binding = form.field(name);
    return {
      ...binding,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        if (mutation.isSuccess || mutation.isError) mutation.reset();
        binding.onChange(event);
      },
    };
  };

  return (
    <section className="page">
      <div className="card auth-card">
        <h1>Feedback</h1>
        <p className="page-lead">
          Tell us what works, what does not, and what you would like SFR Analyst to do next.
        </p>
        {mutation.isSuccess ? (
          <p ref={resultRef} className="success-note" role="status" tabIndex={-1}>
            {THANKS}
          </p>
        ) : null}
        {mutation.isError ? (
          <p ref={resultRef} className="alert" role="alert" tabIndex={-1}>
            {mutation.error instanceof ApiRequestError && mutation.error.status === 400
              ? mutation.error.message
              : NOT_SENT}
          </p>
        ) : null}
        <form ref={form.formRef} noValidate onSubmit={submit} aria-busy={mutation.isPending}>
          <TextAreaField label="Comments" required rows={6} {...field('comments')} />
          <TextField
            label="Rating"
            type="number"
            inputMode="numeric"
            required
            min={FEEDBACK_RATING_MIN}
            max={FEEDBACK_RATING_MAX}
            step={1}
            hint={`From ${FEEDBACK_RATING_MIN} (poor) to ${FEEDBACK_RATING_MAX} (excellent).`}
            {...field('rating')}
          />
          <div className="form-actions">
            <SubmitButton busy={mutation.isPending}>{UI_TEXT.submitFeedback}</SubmitButton>
          </div>
        </form>
      </div>
    </section>
  );
}
