import { useState } from 'react';
import { Messenger, type ContactHint } from './messenger';

/** The owner's messages tab on the own profile: the panel at 600 px. */
export function OwnerMessagesTab() {
  const [selected, setSelected] = useState<ContactHint | null>(null);
  return <Messenger variant="tab" selected={selected} onSelect={setSelected} />;
}
