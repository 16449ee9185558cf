import { Link, useParams } from 'react-router-dom';
import { z } from 'zod';
import { DescriptionField } from '../../components/description-field';
import { NoRecord } from '../../components/no-record';
import { SaveForm, useSaveForm } from '../../components/save-form';
import { when } from '../../lib/format';
import { PolicyDraftDocument, usePolicyDraftQuery } from './__generated__/policy-page';
import type { PolicyDraftWholeFragment } from './__generated__/policy-whole';
import { useUpdatePolicyPageMutation } from './__generated__/update-policy-page';
import { pageNamed, STOREFRONT_PATHS } from './policy-names';

// The api cleans the HTML and checks it again (and names what is wrong); this only answers early.
const PolicySchema = z.object({
  html: z
    .string()
    .max(200_000, 'At most 200,000 characters')
    .refine((v) => v.replace(/<[^>]*>/g, '').trim().length > 0, 'Write the policy (an empty page is not saved)'),
});
type PolicyValues = z.input<typeof PolicySchema>;
type Draft = PolicyDraftWholeFragment & { id: string };

/** One policy page: its text in the editor, with a preview, and every version kept. */
export function PolicyPage() {
  const page = pageNamed(useParams().page);
  const { data, error, loading } = usePolicyDraftQuery({
    variables: { page: page ?? 'TERMS' },
    skip: !page,
    fetchPolicy: 'cache-and-network',
  });
  const draft = data?.policyPage;
  if (!page) return <NoRecord loading={false} missing="There is no such policy page." />;
  if (error || !draft) return <NoRecord loading={loading && !draft} error={error} missing="The policy page could not be read." />;
  return (
    <section>
      <p>
        <Link to="/policies">All policies</Link>
      </p>
      <h1>{draft.title}</h1>
      <p>
        {draft.version === 0
          ? 'Never written: the storefront shows the page empty.'
          : `Version ${draft.version}, saved ${draft.updatedAt ? when(draft.updatedAt) : ''}.`}{' '}
        {draft.demo && <strong>The demo’s own text: write the shop’s before trading. </strong>}
        <a href={STOREFRONT_PATHS[page]}>See it on the storefront</a>
      </p>
      <PolicyForm key={draft.page} draft={{ ...draft, id: draft.page }} />
      <h2>Versions</h2>
      <ol reversed className="admin-versions">
        {(draft.versions ?? []).map((v) => (
          <li key={v.version}>
            Version {v.version}: {when(v.savedAt)}, {v.savedBy ?? 'the demo'}, {v.characters.toLocaleString('en-IN')} characters
          </li>
        ))}
      </ol>
    </section>
  );
}

function PolicyForm({ draft }: { draft: Draft }) {
  const [update, updating] = useUpdatePolicyPageMutation();
  const saving = useSaveForm({
    record: draft,
    idPrefix: 'policy',
    schema: PolicySchema,
    valuesOf: (d: Draft | null): PolicyValues => ({ html: d?.html ?? '' }),
    input: (v) => v.html,
    create: async () => undefined,
    update: async (html, _id, version) => {
      const saved = (
        await update({
          variables: { page: draft.page, version, html },
          // A draft has no id for the cache to match it by: the page's query is the draft saved.
          update: (cache, { data }) => {
            if (data)
              cache.writeQuery({
                query: PolicyDraftDocument,
                variables: { page: draft.page },
                data: { policyPage: data.updatePolicyPage },
              });
          },
        })
      ).data?.updatePolicyPage;
      return saved ? { ...saved, id: saved.page } : undefined;
    },
  });
  const { attrs, form } = saving;
  return (
    <SaveForm saving={saving} label={draft.title} createText="Save" busy={updating.loading} savedText="Saved. The storefront shows it now.">
      <DescriptionField
        id={attrs('html').id}
        label="The page"
        value={form.watch('html')}
        onChange={(v) => form.setValue('html', v, { shouldDirty: true, shouldValidate: true })}
        html={attrs('html')}
        error={form.formState.errors.html?.message}
        previewTitle={`${draft.title} preview`}
      />
    </SaveForm>
  );
}
