import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PostMedia } from '../../../common/schemas/instagram';
import { createSessionUser, jsonResponse } from '../../test/factories';
import { renderWithApp } from '../../test/render';
import { interceptUploads, stubObjectUrls } from '../../test/upload';
import { toast } from '../../ui/toast';
import PostEditorPage from './post-editor-page';
import { createPost, createPostMedia, FEATURED_UNTIL, mockApi, type ApiCall } from './test-data';

vi.mock('../../ui/toast', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const featured = () => createSessionUser({ username: 'Lena Ink', featuredUntil: FEATURED_UNTIL() });

/** Answers the picture upload with `media`. */
function fakeUpload(media: PostMedia) {
  const sent: File[] = [];
  interceptUploads((upload) => {
    sent.push(upload.form.get('image') as File);
    setTimeout(() => upload.answer(201, { success: true, media }), 0);
  });
  stubObjectUrls();
  return sent;
}

const render = (path = '/Lena-Ink/instapost', user = featured()) =>
  renderWithApp(<PostEditorPage />, {
    path,
    namespaces: ['posts', 'gallery', 'errors'],
    session: { state: 'loggedIn', user },
    routes: [{ path: '/:username/posts', element: <p>posts list</p> }],
  });

/** Tomorrow as the English date field takes it, and as yyyy-mm-dd. */
function tomorrow() {
  const d = new Date();
  d.setDate(d.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return { typed: `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`, iso: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` };
}

const posts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'POST' || c.method === 'PUT');

describe('post editor', () => {
  it('plans a post: picture, caption, hashtags with or without #, local date and time', async () => {
    const media = createPostMedia({ id: 77 });
    const uploads = fakeUpload(media);
    const calls = mockApi({ 'POST /api/instagram/posts': (_url, body) => jsonResponse({ success: true, post: createPost({ ...(body as object), media }) }, 201) });
    const { router } = await render();

    fireEvent.click(await screen.findByRole('radio', { name: /Reel/ }));
    fireEvent.change(screen.getByLabelText('Picture'), { target: { files: [new File(['x'], 'piece.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('img', { name: "Preview of the post's picture" })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('img', { name: "Preview of the post's picture" }).getAttribute('src')).toBe(media.mediumUrl));
    expect(uploads.map((f) => f.name)).toEqual(['piece.png']);

    fireEvent.change(screen.getByLabelText(/^Caption/), { target: { value: 'Healed fine line rose' } });
    expect(screen.getByText('21 / 2,200 characters')).toBeTruthy();

    const tags = screen.getByLabelText(/^Hashtags/);
    fireEvent.change(tags, { target: { value: '#fineline' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    fireEvent.change(tags, { target: { value: 'rose berlin_ink ' } });
    expect(within(screen.getByRole('list', { name: 'Added hashtags' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['#fineline', '#rose', '#berlin_ink']);
    expect(screen.getByText('3 / 30 hashtags')).toBeTruthy();

    const day = tomorrow();
    fireEvent.change(await screen.findByLabelText('Date'), { target: { value: day.typed } });
    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '18:30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Plan post' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/Lena-Ink/posts'));
    const [sent] = posts(calls);
    const body = sent?.body as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'reel', caption: 'Healed fine line rose', hashtags: ['fineline', 'rose', 'berlin_ink'], status: 'planned', mediaId: 77 });
    // Local time with the browser's offset, naming the same instant.
    expect(body.plannedAt).toMatch(new RegExp(`^${day.iso}T18:30:00[+-]\\d{2}:\\d{2}$`));
    const [y, m, d] = day.iso.split('-').map(Number) as [number, number, number];
    expect(new Date(body.plannedAt as string).getTime()).toBe(new Date(y, m - 1, d, 18, 30).getTime());
    expect(toast.success).toHaveBeenCalledWith('Your post is planned.');
  });

  it('refuses a hashtag against the rules and says why, keeping the text', async () => {
    mockApi({});
    await render();
    const tags = await screen.findByLabelText(/^Hashtags/);
    fireEvent.change(tags, { target: { value: 'ok' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    fireEvent.change(tags, { target: { value: 'no-dash' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(screen.getByText('A hashtag may only contain letters, digits and underscores (up to 100 characters).')).toBeTruthy();
    expect((tags as HTMLInputElement).value).toBe('no-dash');
    fireEvent.change(tags, { target: { value: '#OK' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    expect(screen.getByText('This hashtag is already in the list.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove #ok' }));
    expect(screen.queryByRole('list', { name: 'Added hashtags' })).toBeNull();
  });

  it('names what planning still needs and sends nothing', async () => {
    const calls = mockApi({});
    await render();
    fireEvent.change(await screen.findByLabelText(/^Caption/), { target: { value: 'x'.repeat(2201) } });
    expect(screen.getByText('2,201 / 2,200 characters')).toBeTruthy();
    fireEvent.change(await screen.findByLabelText('Date'), { target: { value: '01/02/2020' } });
    fireEvent.click(screen.getByRole('button', { name: 'Plan post' }));
    expect(await screen.findByText('Please correct 4 entries:')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Picture: To plan the post, add a picture.' }).getAttribute('href')).toBe('#post-mediaId');
    expect(screen.getByRole('link', { name: 'Caption: The caption is too long: at most 2,200 characters.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Time: Please choose a time for this date.' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Date: To plan the post, choose a date and time.' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Time'), { target: { value: '10:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Plan post' }));
    expect(await screen.findByRole('link', { name: 'Date: Choose a date and time in the future.' })).toBeTruthy();
    expect(posts(calls)).toEqual([]);
  });

  it('saves a draft without picture or date', async () => {
    const calls = mockApi({ 'POST /api/instagram/posts': (_url, body) => jsonResponse({ success: true, post: createPost(body as object) }, 201) });
    const { router } = await render();
    fireEvent.change(await screen.findByLabelText(/^Caption/), { target: { value: 'Idea for next week' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save as draft' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/Lena-Ink/posts'));
    expect(posts(calls)[0]?.body).toEqual({ type: 'feed_post', caption: 'Idea for next week', hashtags: [], plannedAt: null, status: 'draft', mediaId: null });
  });

  it('edits a planned post in German, showing its local date and time', async () => {
    const post = createPost({ type: 'story', caption: 'Walk-in Freitag', hashtags: ['walkin'] });
    const calls = mockApi({
      'GET /api/instagram/posts/': () => jsonResponse({ success: true, post }),
      'PUT /api/instagram/posts/': (_url, body) => jsonResponse({ success: true, post: { ...post, ...(body as object) } }),
    });
    const { router } = await render(`/de/Lena-Ink/instapost/${post.id}`);
    expect(await screen.findByRole('heading', { name: 'Beitrag bearbeiten' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /Story/ }) as HTMLInputElement).checked).toBe(true);
    const when = new Date(post.plannedAt as string);
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(((await screen.findByLabelText('Datum')) as HTMLInputElement).value).toBe(`${pad(when.getDate())}.${pad(when.getMonth() + 1)}.${when.getFullYear()}`);
    expect((screen.getByLabelText('Uhrzeit') as HTMLInputElement).value).toBe('18:30');
    fireEvent.click(screen.getByRole('button', { name: 'Zu den Entwürfen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/Lena-Ink/posts'));
    expect(posts(calls)[0]).toMatchObject({ method: 'PUT', url: `/api/instagram/posts/${post.id}`, body: { type: 'story', status: 'draft', hashtags: ['walkin'], mediaId: post.media?.id } });
  });

  it('keeps a published post as it is', async () => {
    const post = createPost({ status: 'published' });
    mockApi({ 'GET /api/instagram/posts/': () => jsonResponse({ success: true, post }) });
    await render(`/Lena-Ink/instapost/${post.id}`);
    expect(await screen.findByText('This post is published and can no longer be edited.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to posts' }).getAttribute('href')).toBe('/Lena-Ink/posts');
    expect(screen.queryByRole('button', { name: 'Save changes' })).toBeNull();
  });

  it('shows not found for a post that is not the own one', async () => {
    mockApi({ 'GET /api/instagram/posts/': () => jsonResponse({ success: false, error: 'Post not found.' }, 404) });
    await render('/Lena-Ink/instapost/999');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('shows the featured offer instead of saving without featured status', async () => {
    mockApi({});
    await render('/Lena-Ink/instapost', createSessionUser({ username: 'Lena Ink', featuredUntil: null }));
    expect(await screen.findByRole('heading', { name: 'Planning posts is a featured perk' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Become featured' }).getAttribute('href')).toBe('/dashboard#premium');
    expect(screen.queryByRole('button', { name: 'Plan post' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save as draft' })).toBeNull();
  });

  it("turns to the offer when the server says featured status has ended", async () => {
    mockApi({
      'POST /api/instagram/posts': () => jsonResponse({ success: false, error: 'Planning posts needs featured status.', code: 'postNeedsFeatured' }, 403),
      'GET /api/auth/check': () => jsonResponse({ authenticated: true, user: createSessionUser({ username: 'Lena Ink' }) }),
    });
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Save as draft' }));
    expect(await screen.findByRole('heading', { name: 'Planning posts is a featured perk' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save as draft' })).toBeNull();
  });

  it('copies caption and hashtags to the clipboard and confirms it', async () => {
    mockApi({});
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText } }));
    await render();
    fireEvent.change(await screen.findByLabelText(/^Caption/), { target: { value: 'New flash sheet' } });
    const tags = screen.getByLabelText(/^Hashtags/);
    fireEvent.change(tags, { target: { value: 'flash tattoo' } });
    fireEvent.blur(tags);
    fireEvent.click(screen.getByRole('button', { name: 'Copy caption' }));
    expect(await screen.findByText('Caption and hashtags copied.')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('New flash sheet\n\n#flash #tattoo');
  });
});
