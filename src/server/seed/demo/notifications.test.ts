import { expect, it } from 'vitest';
import { describeEachEngine, useTestApp } from '../../test/app';
import { callerFor } from '../../test/call-as';
import { createArtist, createStudio } from '../../test/factories';
import { seedDemoNotifications } from './notifications';

const DOMAIN = 'notices.demo.test';

describeEachEngine('the demo artist’s notifications', (engine) => {
  const t = useTestApp(engine);

  it('fill her bell once: two unread, one read, each leading somewhere', async () => {
    const lena = await createArtist(t.app, { email: `lena@${DOMAIN}` });
    await createStudio(t.app, { email: `studio@${DOMAIN}`, username: 'Nadelwerk_Test' });
    await seedDemoNotifications(t.app.ctx.db, DOMAIN);
    await seedDemoNotifications(t.app.ctx.db, DOMAIN);

    const res = await callerFor(t)('GET', '/api/notifications', { as: lena, lang: 'de' });
    const { notifications, unread } = res.json() as { notifications: { title: string; url: string; readAt: string | null }[]; unread: number };
    expect(unread).toBe(2);
    expect(notifications.map((n) => n.url)).toEqual(['/messages', '/dashboard', '/Nadelwerk_Test']);
    expect(notifications[0]?.title).toBe('Deine Meldung zu einer Nachricht: Wir haben den Inhalt entfernt.');
    expect(notifications[2]?.readAt).not.toBeNull();
  });
});
