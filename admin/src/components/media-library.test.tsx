import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MediaLibrary } from './media-library';

function Library({ start, editable = true }: { start: string[]; editable?: boolean }) {
  const [value, setValue] = useState(start.map((url) => ({ url, alt: '' })));
  return <MediaLibrary label="Pictures" for="product" value={value} onChange={setValue} editable={editable} describe />;
}

const order = () =>
  within(screen.getByRole('group', { name: 'Pictures' }))
    .queryAllByRole('img')
    .map((img) => img.getAttribute('src'));

/** The browser's upload as the shop answers it: progress, then the photo (or a refusal). */
class FakeUpload {
  static last: FakeUpload | undefined;
  static all: FakeUpload[] = [];
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  status = 0;
  responseText = '';
  withCredentials = false;
  headers: Record<string, string> = {};
  url = '';
  body: unknown;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeUpload.last = this;
    FakeUpload.all.push(this);
  }
  answer(status: number, body: object) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the media library', () => {
  it('makes a picture the main one, moves pictures by their buttons and removes one', async () => {
    render(<Library start={['/a.jpg', '/b.jpg', '/c.jpg']} />);
    expect(screen.getByText('Main')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Make main: picture 3' }));
    expect(order()).toEqual(['/c.jpg', '/a.jpg', '/b.jpg']);
    await userEvent.click(screen.getByRole('button', { name: 'Move the main picture later' }));
    expect(order()).toEqual(['/a.jpg', '/c.jpg', '/b.jpg']);
    await userEvent.click(screen.getByRole('button', { name: 'Move picture 3 earlier' }));
    expect(order()).toEqual(['/a.jpg', '/b.jpg', '/c.jpg']);
    // The ends offer only the moves that exist.
    expect(screen.queryByRole('button', { name: 'Move the main picture earlier' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move picture 3 later' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Remove picture 2' }));
    expect(order()).toEqual(['/a.jpg', '/c.jpg']);
  });

  it('reorders by dragging one picture onto another', () => {
    render(<Library start={['/a.jpg', '/b.jpg', '/c.jpg']} />);
    const items = screen.getAllByRole('listitem');
    const dataTransfer = { effectAllowed: '', types: [] as string[], files: [] };
    fireEvent.dragStart(items[0]!, { dataTransfer });
    fireEvent.dragOver(items[2]!, { dataTransfer });
    fireEvent.drop(items[2]!, { dataTransfer });
    expect(order()).toEqual(['/b.jpg', '/c.jpg', '/a.jpg']);
  });

  it('uploads a chosen photo with its progress, adds it last, and says why a refused one was not', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    render(<Library start={['/a.jpg']} />);
    const input = screen.getByLabelText(/^Add photos: drop them here, paste them, or choose them/);
    const file = new File(['jpeg bytes'], 'front.jpg', { type: 'image/jpeg' });
    await userEvent.upload(input, file);
    const sending = FakeUpload.last!;
    expect(sending.url).toBe('/admin/files/product-photos');
    expect(sending.headers['Content-Type']).toBe('image/jpeg');
    expect(sending.body).toBe(file);
    act(() => sending.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Uploading front.jpg' })).toHaveAttribute('value', '0.4');
    await act(async () => sending.answer(201, { url: '/api/photos/1', width: 1800, height: 1200 }));
    expect(order()).toEqual(['/a.jpg', '/api/photos/1']);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Added front.jpg (1800 × 1200) to the pictures. Save to keep it. Say what it shows below it.',
    );

    await userEvent.upload(input, new File(['x'], 'tiny.png', { type: 'image/png' }));
    await act(async () => FakeUpload.last!.answer(400, { message: 'The photo is 50 × 50 pixels: at least 100 on each side' }));
    expect(screen.getByRole('alert')).toHaveTextContent('tiny.png: The photo is 50 × 50 pixels: at least 100 on each side');
    expect(order()).toEqual(['/a.jpg', '/api/photos/1']);
  });

  it('takes pasted photos, and leaves out what is not a photo, saying so', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    render(<Library start={[]} />);
    expect(screen.getByText('No pictures yet.')).toBeInTheDocument();
    const photo = new File(['png'], 'image.png', { type: 'image/png' });
    const notes = new File(['text'], 'notes.txt', { type: 'text/plain' });
    fireEvent.paste(screen.getByRole('group', { name: 'Pictures' }), { clipboardData: { files: [photo, notes] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Only JPEG, PNG and WebP photos are taken: the others were left out.');
    await act(async () => FakeUpload.last!.answer(201, { url: '/api/photos/2', width: 800, height: 800 }));
    expect(order()).toEqual(['/api/photos/2']);
  });

  it('keeps both of two photos that finish at once, and a refusal beside the other’s success', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    FakeUpload.all = [];
    render(<Library start={['/a.jpg']} />);
    const input = screen.getByLabelText(/^Add photos/);
    await userEvent.upload(input, [
      new File(['1'], 'one.jpg', { type: 'image/jpeg' }),
      new File(['2'], 'two.jpg', { type: 'image/jpeg' }),
      new File(['3'], 'three.jpg', { type: 'image/jpeg' }),
    ]);
    const [one, two, three] = FakeUpload.all;
    // Both answers before React renders again.
    await act(async () => {
      one!.answer(201, { url: '/api/photos/1', width: 800, height: 800 });
      two!.answer(201, { url: '/api/photos/2', width: 800, height: 800 });
    });
    await act(async () => three!.answer(400, { message: 'The photo is damaged' }));
    expect(order()).toEqual(['/a.jpg', '/api/photos/1', '/api/photos/2']);
    expect(screen.getByRole('alert')).toHaveTextContent('three.jpg: The photo is damaged');
    expect(screen.getAllByRole('status').map((s) => s.textContent)).toEqual([
      'Added one.jpg (800 × 800) to the pictures. Save to keep it. Say what it shows below it.',
      'Added two.jpg (800 × 800) to the pictures. Save to keep it. Say what it shows below it.',
    ]);
  });

  it('keeps the keyboard on a picture it moved, and says where it went', async () => {
    render(<Library start={['/a.jpg', '/b.jpg', '/c.jpg']} />);
    await userEvent.click(screen.getByRole('button', { name: 'Move picture 2 later' }));
    expect(order()).toEqual(['/a.jpg', '/c.jpg', '/b.jpg']);
    expect(screen.getByText('It is now picture 3 of 3.')).toBeInTheDocument();
    await vi.waitFor(() => expect(document.activeElement).toBe(screen.getAllByRole('listitem')[2]));
  });

  it('offers nothing to change to someone who may only read', () => {
    render(<Library start={['/a.jpg', '/b.jpg']} editable={false} />);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(screen.queryByLabelText(/^Add photos/)).toBeNull();
    // Nor can they drag one onto another.
    const items = screen.getAllByRole('listitem');
    const dataTransfer = { effectAllowed: '', types: [] as string[], files: [] };
    fireEvent.dragStart(items[0]!, { dataTransfer });
    fireEvent.drop(items[1]!, { dataTransfer });
    expect(order()).toEqual(['/a.jpg', '/b.jpg']);
  });

  it('takes the words a picture shows when the field is left or Enter is pressed, not at every key', async () => {
    const changes: { url: string; alt: string }[][] = [];
    function Watched() {
      const [value, setValue] = useState([
        { url: '/a.jpg', alt: '' },
        { url: '/b.jpg', alt: 'Old words' },
      ]);
      return (
        <form onSubmit={() => changes.push([{ url: 'submitted', alt: '' }])}>
          <MediaLibrary
            label="Pictures"
            for="product"
            value={value}
            onChange={(next) => {
              changes.push(next);
              setValue(next);
            }}
            editable
            describe
          />
        </form>
      );
    }
    render(<Watched />);
    const main = screen.getByLabelText('What the main picture shows');
    await userEvent.type(main, '  Black  laptop,   open ', { delay: 1 });
    expect(changes).toEqual([]);
    await userEvent.tab();
    expect(changes).toEqual([
      [
        { url: '/a.jpg', alt: 'Black laptop, open' },
        { url: '/b.jpg', alt: 'Old words' },
      ],
    ]);
    expect(screen.getByRole('img', { name: 'Main picture: Black laptop, open' })).toBeInTheDocument();
    // Enter takes the words and does not send the form around the library.
    const second = screen.getByLabelText('What picture 2 shows');
    await userEvent.clear(second);
    await userEvent.type(second, 'Side view{Enter}');
    expect(changes.at(-1)).toEqual([
      { url: '/a.jpg', alt: 'Black laptop, open' },
      { url: '/b.jpg', alt: 'Side view' },
    ]);
    expect(changes.some((c) => c[0]?.url === 'submitted')).toBe(false);
    // Leaving a field unchanged changes nothing.
    const count = changes.length;
    await userEvent.click(screen.getByLabelText('What the main picture shows'));
    await userEvent.tab();
    expect(changes.length).toBe(count);
  });

  it('shows the words read-only to someone who may only read', () => {
    render(
      <MediaLibrary
        label="Pictures"
        for="product"
        value={[{ url: '/a.jpg', alt: 'Front' }]}
        onChange={() => {}}
        editable={false}
        describe
      />,
    );
    expect(screen.getByLabelText('What the main picture shows')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('What the main picture shows')).toHaveValue('Front');
  });
});
