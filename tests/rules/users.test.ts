import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { doc, setDoc, Timestamp } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { read, remove, rulesTestbed, update, write } from '../helpers/rules-env';
import { profile } from './fixtures';

const rules = rulesTestbed();
const { alice, bob, visitor } = rules;

async function seedAlice(): Promise<void> {
  await rules.env.withSecurityRulesDisabled((context) =>
    setDoc(
      doc(context.firestore(), 'users/alice'),
      profile('alice', { createdAt: Timestamp.fromMillis(1_700_000_000_000) }),
    ),
  );
}

describe('users/{uid} profile', () => {
  it('when the owner creates a full profile, then it is allowed and readable', async () => {
    await assertSucceeds(write(alice(), 'users/alice', profile('alice')));
    await assertSucceeds(read(alice(), 'users/alice'));
  });

  it('when a guest creates a profile with a blank email, then it is allowed', async () => {
    await assertSucceeds(
      write(alice(), 'users/alice', profile('alice', { name: 'Guest User', email: '', isAnonymous: true })),
    );
  });

  it('when another user reads, writes or deletes it, then it is denied', async () => {
    await seedAlice();
    await assertFails(read(bob(), 'users/alice'));
    await assertFails(write(bob(), 'users/alice', profile('alice')));
    await assertFails(update(bob(), 'users/alice', { name: 'Mallory' }));
    await assertFails(remove(bob(), 'users/alice'));
  });

  it('when signed out, then reading or creating a profile is denied', async () => {
    await seedAlice();
    await assertFails(read(visitor(), 'users/alice'));
    await assertFails(write(visitor(), 'users/carol', profile('carol')));
  });

  it('when the profile names another uid, then creating it is denied', async () => {
    await assertFails(write(alice(), 'users/alice', profile('bob')));
  });

  it('when the profile has an unknown key, then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice', profile('alice', { role: 'admin' })));
  });

  it('when the profile carries an optional GSTIN (upper case, 15 characters) or an empty one, then it is allowed', async () => {
    await assertSucceeds(write(alice(), 'users/alice', profile('alice', { gstin: '27AAPFU0939F1ZV' })));
    await assertSucceeds(update(alice(), 'users/alice', { gstin: '' }));
    await assertSucceeds(update(alice(), 'users/alice', { gstin: '29AAAAB0000B1ZV' }));
  });

  it('when the GSTIN is not in GSTIN form, then it is denied', async () => {
    await seedAlice();
    for (const gstin of ['27aapfu0939f1zv', '27AAPFU0939F1Z', '27AAPFU0939F1ZVX', 'not a gstin', 27]) {
      await assertFails(update(alice(), 'users/alice', { gstin }));
    }
  });

  it('when the profile carries a legal business name and PIN code (or empty ones), then it is allowed', async () => {
    await assertSucceeds(
      setDoc(
        doc(alice(), 'users/alice'),
        profile('alice', { gstin: '29AAAAB0000B1ZV', legalName: 'Alice Software LLP', pinCode: '560001' }),
      ),
    );
    await assertSucceeds(update(alice(), 'users/alice', { legalName: 'x'.repeat(200), pinCode: '110001' }));
    await assertSucceeds(update(alice(), 'users/alice', { gstin: '', legalName: '', pinCode: '' }));
  });

  it('when the PIN code is not six digits starting 1-9, then it is denied', async () => {
    await seedAlice();
    for (const pinCode of ['012345', '56000', '5600011', '56000A', '560 001', 560001]) {
      await assertFails(update(alice(), 'users/alice', { pinCode }));
    }
    await assertFails(write(bob(), 'users/bob', profile('bob', { pinCode: '012345' })));
  });

  it('when the legal business name is not a string or is over 200 characters, then it is denied', async () => {
    await seedAlice();
    await assertFails(update(alice(), 'users/alice', { legalName: 'x'.repeat(201) }));
    await assertFails(update(alice(), 'users/alice', { legalName: 42 }));
    await assertFails(write(bob(), 'users/bob', profile('bob', { legalName: null })));
  });

  it('when a field has the wrong type, then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice', profile('alice', { isAnonymous: 'no' })));
    await assertFails(write(alice(), 'users/alice', profile('alice', { phone: 9876543210 })));
  });

  it('when a field is missing or too long, then it is denied', async () => {
    const { address: _address, ...withoutAddress } = profile('alice');
    await assertFails(write(alice(), 'users/alice', withoutAddress));
    await assertFails(write(alice(), 'users/alice', profile('alice', { name: 'x'.repeat(101) })));
  });

  it('when createdAt is not the server time, then creating is denied', async () => {
    await assertFails(write(alice(), 'users/alice', profile('alice', { createdAt: Timestamp.fromMillis(0) })));
  });

  it('when the owner edits their details, then it is allowed', async () => {
    await seedAlice();
    await assertSucceeds(update(alice(), 'users/alice', { name: 'Alice K', phone: '9000000000', city: 'Mysuru' }));
  });

  it('when a linked guest updates isAnonymous, email and name, then it is allowed', async () => {
    await seedAlice();
    await assertSucceeds(update(alice(), 'users/alice', { isAnonymous: false, email: 'a@example.com', name: 'A' }));
  });

  it('when the owner tries to change uid or backdate createdAt, then it is denied', async () => {
    await seedAlice();
    await assertFails(update(alice(), 'users/alice', { uid: 'bob' }));
    await assertFails(update(alice(), 'users/alice', { createdAt: Timestamp.fromMillis(0) }));
  });

  it('when the owner adds an unknown key on update, then it is denied', async () => {
    await seedAlice();
    await assertFails(update(alice(), 'users/alice', { isAdmin: true }));
  });

  it('when the owner deletes their profile, then it is allowed', async () => {
    await seedAlice();
    await assertSucceeds(remove(alice(), 'users/alice'));
  });

  it('when writing a sub-collection outside the data model, then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice/notes/n1', { text: 'hi' }));
    await assertFails(read(alice(), 'users/alice/notes/n1'));
  });
});

describe('users/{uid} marketing consent (recorded only by the API)', () => {
  const consent = {
    granted: true,
    wording: 'Email me news and offers.',
    source: 'profile',
    at: Timestamp.fromMillis(1_700_000_000_000),
  };

  async function seedWithConsent(): Promise<void> {
    await rules.env.withSecurityRulesDisabled((context) =>
      setDoc(
        doc(context.firestore(), 'users/alice'),
        profile('alice', { createdAt: Timestamp.fromMillis(1_700_000_000_000), marketingConsent: consent }),
      ),
    );
  }

  it('when the owner creates a profile that claims consent, then it is denied', async () => {
    await assertFails(write(alice(), 'users/alice', profile('alice', { marketingConsent: consent })));
  });

  it('when the owner sets, grants or backdates consent on their profile, then it is denied', async () => {
    await seedAlice();
    await assertFails(update(alice(), 'users/alice', { marketingConsent: consent }));
    await seedWithConsent();
    await assertFails(
      update(alice(), 'users/alice', { marketingConsent: { ...consent, at: Timestamp.fromMillis(1) } }),
    );
    await assertFails(update(alice(), 'users/alice', { 'marketingConsent.wording': 'Anything at all.' }));
  });

  it('when the API recorded consent, then the owner can still edit other details, and a full rewrite may leave it out', async () => {
    await seedWithConsent();
    await assertSucceeds(update(alice(), 'users/alice', { name: 'Alice Rao', nameLower: 'alice rao' }));
    await assertSucceeds(read(alice(), 'users/alice'));
    // The details step's full write: without the field, which can only withdraw it.
    await assertSucceeds(
      write(alice(), 'users/alice', profile('alice', { createdAt: Timestamp.fromMillis(1_700_000_000_000) })),
    );
  });

  it('when another user touches the consent, then it is denied', async () => {
    await seedWithConsent();
    await assertFails(update(bob(), 'users/alice', { marketingConsent: { ...consent, granted: false } }));
  });
});
