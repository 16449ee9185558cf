import { useState } from 'react';
import { Link, useOutletContext, useParams } from 'react-router-dom';
import { z } from 'zod';
import { may, type Signed } from '../../lib/authorization';
import { problem, when } from '../../lib/format';
import { NoRecord } from '../../components/no-record';
import { DescriptionField } from '../../components/description-field';
import { MediaLibrary } from '../../components/media-library';
import { SaveForm, useSaveForm } from '../../components/save-form';
import type { CatalogueProductWholeFragment } from './__generated__/product-whole';
import { useConfirm } from '../../components/confirm';
import { parseRupees, wholeRupees } from '../../lib/money';
import { useArchiveProductMutation } from './__generated__/archive-product';
import { useCatalogueProductQuery } from './__generated__/catalogue-product';
import { useCatalogueTermsQuery } from './__generated__/terms';
import { ColourSwatches, list } from './colour-swatches';
import { openPreview } from './product-preview';
import { useCreateProductMutation } from './__generated__/create-product';
import { useRestoreProductMutation } from './__generated__/restore-product';
import { PICTURES, ProductPictures } from './product-pictures';
import { StockForm } from './stock-form';
import { LegalFields, legalInput, LegalSchema, legalValuesOf } from './product-legal';
import { useUpdateProductMutation } from './__generated__/update-product';

// The api checks every field with the import's rules (and names what is wrong); these only answer early.
const ProductSchema = z.object({
  title: z.string().trim().min(1, 'Give the product a title').max(200, 'At most 200 characters'),
  slug: z
    .string()
    .trim()
    .regex(/^([a-z0-9]+(-[a-z0-9]+)*)?$/, 'Lowercase letters, digits and single dashes (or leave it empty)'),
  price: wholeRupees('the price'),
  category: z.string().trim().min(1, 'Give a category').max(100),
  brand: z.string().trim().min(1, 'Give a brand').max(100),
  tags: z.string().max(2000),
  colors: z.string().refine((v) => list(v).length > 0, 'Give at least one colour'),
  images: z.array(z.object({ url: z.string(), alt: z.string() })),
  description: z.string().max(100_000, 'At most 100,000 characters'),
  ...LegalSchema,
});
type ProductValues = z.input<typeof ProductSchema>;

const valuesOf = (p?: CatalogueProductWholeFragment | null): ProductValues => ({
  title: p?.title ?? '',
  slug: p?.slug ?? '',
  price: String(p?.price ?? ''),
  category: p?.category ?? '',
  brand: p?.brand ?? '',
  tags: p?.tags.join(', ') ?? '',
  colors:
    p?.variants
      .filter((v) => v.offered)
      .map((v) => v.color)
      .join(', ') ?? '',
  images: p?.pictures.map(({ url, alt }) => ({ url, alt })) ?? [],
  description: p?.description ?? '',
  ...legalValuesOf(p),
});

/** A product in the catalogue desk: its fields, its stock per colour, archive and restore. `/products/new` makes one. */
export function ProductPage() {
  const { id } = useParams();
  const me = useOutletContext<Signed>();
  const isNew = id === 'new';
  const { data, error, loading } = useCatalogueProductQuery({ variables: { id: id ?? '' }, skip: isNew, fetchPolicy: 'cache-and-network' });
  const product = data?.catalogueProduct ?? null;
  if (error || (!isNew && !product))
    return <NoRecord loading={!isNew && loading && !data} error={error} missing="There is no such product." />;
  const editable = may(me, 'catalogue:write');
  return (
    <section>
      <p>
        <Link to="/products">All products</Link>
      </p>
      <h1>{product ? product.title : 'New product'}</h1>
      {product && (
        <p>
          {product.archivedAt ? `Archived ${when(product.archivedAt)}: not in the store.` : 'On sale.'} {product.sold} sold;{' '}
          {product.orderLines} order line{product.orderLines === 1 ? '' : 's'}. Changed {when(product.updatedAt)}.{' '}
          {!product.archivedAt && <a href={`/product/${product.id}`}>See it in the store</a>}
        </p>
      )}
      <ProductForm key={product?.id ?? 'new'} product={product} editable={editable} />
      {product && <ProductPictures key={product.id} product={product} editable={editable} />}
      {product && <StockForm key={product.id} product={product} editable={editable} />}
      {product && editable && <ArchiveButton product={product} />}
    </section>
  );
}

function ProductForm({ product, editable }: { product: CatalogueProductWholeFragment | null; editable: boolean }) {
  const [create, creating] = useCreateProductMutation();
  const [update, updating] = useUpdateProductMutation();
  const saving = useSaveForm({
    record: product,
    idPrefix: 'product',
    schema: ProductSchema,
    valuesOf,
    readOnly: !editable,
    // Stock and archiving move the product's version on without touching these fields.
    latest: true,
    input: (v) => ({
      title: v.title,
      ...(v.slug ? { slug: v.slug } : {}),
      price: parseRupees(v.price) ?? 0,
      category: v.category,
      brand: v.brand,
      tags: list(v.tags),
      colors: list(v.colors),
      // A product's pictures are kept by its library at once; a new one's go with it.
      ...(product ? {} : { pictures: v.images }),
      description: v.description,
      ...legalInput(v, !product),
    }),
    create: async (input) => {
      const made = await create({ variables: { input } });
      return made.data ? `/products/${made.data.createProduct.id}` : undefined;
    },
    update: async (input, id, version) => (await update({ variables: { id, version, input } })).data?.updateProduct,
  });
  const { field, attrs, form } = saving;
  const description = form.watch('description');
  const images = form.watch('images');
  const colours = form.watch('colors');
  // The shop's own categories, brands and named colours, to choose from (a new one can still be typed).
  const terms = useCatalogueTermsQuery({ skip: !editable }).data?.catalogueTerms;
  const set = (name: 'colors', value: string) => form.setValue(name, value, { shouldDirty: true, shouldValidate: true });
  return (
    <SaveForm
      saving={saving}
      label="Product"
      savedText="Saved. The store shows it now."
      createText="Add the product"
      busy={creating.loading || updating.loading}
      canSave={editable}
      also={
        product &&
        editable && (
          <button
            type="button"
            className="admin-preview-button"
            onClick={() =>
              void form.trigger().then((valid) => {
                if (!valid) return;
                const v = form.getValues();
                openPreview(product.id, {
                  title: v.title,
                  description: v.description,
                  price: parseRupees(v.price) ?? 0,
                  category: v.category,
                  brand: v.brand,
                  tags: list(v.tags),
                });
              })
            }
          >
            Preview in the store (new tab)
          </button>
        )
      }
    >
      {field('title', 'Title', <input {...attrs('title')} />)}
      {field('slug', 'Web address (made from the title when left empty)', <input {...attrs('slug')} />)}
      {field('price', 'Price (rupees)', <input inputMode="decimal" {...attrs('price')} />)}
      {field(
        'category',
        'Category (one of the shop’s, or a new one)',
        <input list="product-categories" autoComplete="off" {...attrs('category')} />,
      )}
      <datalist id="product-categories">
        {terms?.categories.map((t) => (
          <option key={t.value} value={t.value} />
        ))}
      </datalist>
      {field('brand', 'Brand (one of the shop’s, or a new one)', <input list="product-brands" autoComplete="off" {...attrs('brand')} />)}
      <datalist id="product-brands">
        {terms?.brands.map((t) => (
          <option key={t.value} value={t.value} />
        ))}
      </datalist>
      {field('tags', 'Tags (comma-separated)', <input {...attrs('tags')} />)}
      {editable && terms && terms.colors.length > 0 && (
        <ColourSwatches colours={terms.colors} value={colours} onChange={(v) => set('colors', v)} />
      )}
      {field(
        'colors',
        'Colours, in the order shown, separated by commas (names such as black, silver or gold, or codes such as #1f2937)',
        <input {...attrs('colors')} />,
      )}
      {!product && (
        <MediaLibrary
          label={PICTURES}
          for="product"
          value={images}
          onChange={(next) => form.setValue('images', next, { shouldDirty: true, shouldValidate: true })}
          editable={editable}
          describe
          error={form.formState.errors.images?.message}
        />
      )}
      <LegalFields field={field} attrs={attrs} />
      <DescriptionField
        id={attrs('description').id}
        label="Description"
        value={description}
        onChange={(v) => form.setValue('description', v, { shouldDirty: true, shouldValidate: true })}
        html={attrs('description')}
        error={form.formState.errors.description?.message}
        previewTitle="Description preview"
        readOnly={!editable}
      />
    </SaveForm>
  );
}

function ArchiveButton({ product }: { product: CatalogueProductWholeFragment }) {
  const [archive, archiving] = useArchiveProductMutation();
  const [restore, restoring] = useRestoreProductMutation();
  const confirm = useConfirm();
  const [refused, setRefused] = useState<string | null>(null);
  const variables = { id: product.id, version: product.version };
  const act = (p: Promise<unknown>) => {
    setRefused(null);
    p.catch((err: unknown) => setRefused(problem(err)));
  };
  return (
    <>
      <h2>{product.archivedAt ? 'Back in the store' : 'Withdraw from the store'}</h2>
      {product.archivedAt ? (
        <button type="button" disabled={restoring.loading} onClick={() => act(restore({ variables }))}>
          Restore to the store
        </button>
      ) : (
        <>
          <p>Its page, lists and the sitemap drop it at once; orders, carts and returns keep it.</p>
          <button
            type="button"
            className="admin-final"
            disabled={archiving.loading}
            onClick={() =>
              void confirm({
                title: `Archive “${product.title}”?`,
                body: (
                  <p>Its page, lists and the sitemap drop it at once; orders, carts and returns keep it. You can restore it here later.</p>
                ),
                action: 'Archive',
                danger: true,
              }).then((yes) => yes && act(archive({ variables })))
            }
          >
            Archive
          </button>
        </>
      )}
      {refused && (
        <p className="admin-error" role="alert">
          {refused}
        </p>
      )}
    </>
  );
}
