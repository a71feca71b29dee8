"""Safe by default (issue 24): each probe finding reproduced against the service, the
way an attacker on loopback tried it, and shown refused or bounded."""
