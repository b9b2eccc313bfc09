/**
 * The chat-support script (spec 000 §2, 001 §1: loaded only when the configuration enables it) and
 * the user menu's chat toggle (remembered in the preferences' `zendeskChatHidden`, spec 000 §3).
 *
 * The console loads whatever script the client configuration names, once per page; nothing when
 * chat support is off. The widget is shown and hidden through the Zendesk web widget's API
 * (`zE('messenger', 'show' | 'hide')`), which the mock's stand-in script answers too.
 */
import { useCallback, useEffect, useState } from 'react';
import { chatSupportScript, useClientConfiguration } from '../../config/clientConfiguration';
import { usePreferencesQuery, useUpdatePreferences } from '../../session/hooks';

declare global {
  interface Window {
    /** The chat widget's command function, once its script has run. */
    zE?: (widget: string, command: string) => void;
  }
}

const SCRIPT_MARK = 'data-chat-support';

/**
 * Adds the script to the page unless one is there already (a page loads it once, whatever mounts
 * and unmounts); `onReady` runs once it has run.
 */
export function injectChatScript(doc: Document, url: string, onReady: () => void): void {
  const existing = doc.querySelector<HTMLScriptElement>(`script[${SCRIPT_MARK}]`);
  if (existing) {
    if (existing.dataset.loaded === 'true') onReady();
    else existing.addEventListener('load', onReady, { once: true });
    return;
  }
  const script = doc.createElement('script');
  script.src = url;
  script.async = true;
  script.setAttribute(SCRIPT_MARK, 'true');
  script.addEventListener(
    'load',
    () => {
      script.dataset.loaded = 'true';
      onReady();
    },
    { once: true },
  );
  doc.head.appendChild(script);
}

/** `available`: the configuration enables chat support (the toggle shows); `hidden`: the user hid the chat widget. */
export function useChatSupport() {
  const url = chatSupportScript(useClientConfiguration());
  const hidden = usePreferencesQuery(false).data?.zendeskChatHidden === true;
  const updatePreferences = useUpdatePreferences();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (url !== null) injectChatScript(document, url, () => setReady(true));
  }, [url]);

  useEffect(() => {
    // A script loaded before chat support was turned off stays on the page: hidden then.
    if (ready) window.zE?.('messenger', hidden || url === null ? 'hide' : 'show');
  }, [ready, hidden, url]);

  const toggle = useCallback(() => void updatePreferences({ zendeskChatHidden: !hidden }), [updatePreferences, hidden]);
  return { available: url !== null, hidden, toggle };
}
