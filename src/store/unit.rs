//! A unit of work: one transaction that every statement of a [`Store`] bound to it joins, so
//! that what an adapter does for one update (the service's changes, the update's id, the
//! replies it owes) commits together or not at all. A store method's own transaction becomes
//! a savepoint inside the unit.
//!
//! Outside a unit each statement takes a pooled connection, as a pool does.

use super::{Backend, Store, StoreError, StoreResult};
use sqlx::AnyConnection;
use sqlx::pool::PoolConnection;
use sqlx::{Any, Connection, Transaction};
use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use tokio::sync::{MappedMutexGuard, Mutex, MutexGuard};

/// The transaction a unit's statements run in; `None` once committed or rolled back.
pub(super) type UnitTransaction = Mutex<Option<Transaction<'static, Any>>>;

/// The connection a statement runs on: a pooled one, or the unit's transaction.
pub(super) enum Conn<'a> {
    Pooled(PoolConnection<Any>),
    Unit(MappedMutexGuard<'a, AnyConnection>),
}

impl Deref for Conn<'_> {
    type Target = AnyConnection;

    fn deref(&self) -> &AnyConnection {
        match self {
            Conn::Pooled(connection) => connection,
            Conn::Unit(connection) => connection,
        }
    }
}

impl DerefMut for Conn<'_> {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        match self {
            Conn::Pooled(connection) => connection,
            Conn::Unit(connection) => connection,
        }
    }
}

impl Conn<'_> {
    /// A transaction for a store method: a new one on a pooled connection, a savepoint in a
    /// unit.
    pub(super) async fn begin(&mut self) -> StoreResult<Transaction<'_, Any>> {
        Ok(Connection::begin(&mut **self).await?)
    }

    /// A transaction for a command that reads and then writes what it read. SQLite's default
    /// (deferred) transaction takes the write lock only at its first write, and a reader that
    /// wants to become a writer after another connection committed cannot wait for the lock
    /// (its snapshot is stale): SQLite fails it at once with "database is locked", whatever
    /// the busy timeout. `BEGIN IMMEDIATE` takes the lock at the start, where the busy timeout
    /// does apply. PostgreSQL's default is right as it is (row locks do the queueing there).
    /// A unit on SQLite holds the lock already, so a savepoint is enough there.
    pub(super) async fn begin_write(
        &mut self,
        backend: Backend,
    ) -> StoreResult<Transaction<'_, Any>> {
        match (backend, &*self) {
            (Backend::Sqlite, Conn::Pooled(_)) => {
                Ok(Connection::begin_with(&mut **self, "BEGIN IMMEDIATE").await?)
            }
            _ => self.begin().await,
        }
    }
}

impl Store {
    /// The connection for the next statement: the unit's when this store is bound to one.
    /// A unit's statements run one at a time; two at once (a bug) fail instead of waiting on
    /// each other.
    pub(super) async fn conn(&self) -> StoreResult<Conn<'_>> {
        match &self.unit {
            None => Ok(Conn::Pooled(self.pool.acquire().await?)),
            Some(unit) => {
                let guard = unit.try_lock().map_err(|_| StoreError::UnitInUse)?;
                MutexGuard::try_map(guard, |transaction| transaction.as_deref_mut())
                    .map(Conn::Unit)
                    .map_err(|_| StoreError::UnitEnded)
            }
        }
    }

    /// A store whose statements all join one new transaction, until
    /// [`Store::commit_unit`]. On SQLite it holds the write lock from the start (a unit reads
    /// before it writes, and a reader cannot become a writer after another commit); keep it
    /// short and free of network calls.
    pub async fn begin_unit(&self) -> StoreResult<Store> {
        let transaction = match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await?,
            Backend::Postgres => self.pool.begin().await?,
        };
        Ok(Store {
            pool: self.pool.clone(),
            backend: self.backend,
            unit: Some(Arc::new(Mutex::new(Some(transaction)))),
        })
    }

    /// Commits the unit this store is bound to; after it, the store's statements fail.
    pub async fn commit_unit(&self) -> StoreResult<()> {
        let transaction = self.take_unit()?;
        transaction.commit().await?;
        Ok(())
    }

    /// Rolls the unit back: nothing it did stays.
    pub async fn rollback_unit(&self) -> StoreResult<()> {
        let transaction = self.take_unit()?;
        transaction.rollback().await?;
        Ok(())
    }

    fn take_unit(&self) -> StoreResult<Transaction<'static, Any>> {
        let unit = self.unit.as_ref().ok_or(StoreError::UnitEnded)?;
        let mut guard = unit.try_lock().map_err(|_| StoreError::UnitInUse)?;
        guard.take().ok_or(StoreError::UnitEnded)
    }
}
