//! How an instant is kept in the database: a [`Timestamp`] binds and reads as the `BIGINT` of
//! its milliseconds, on either engine, so that statements bind and rows read instants as they
//! do any number (the rules core, where the type lives, knows nothing of sqlx).

use crate::games::Timestamp;
use sqlx::any::{Any, AnyTypeInfo};
use sqlx::encode::IsNull;
use sqlx::error::BoxDynError;
use sqlx::{Database, Decode, Encode, Type};

impl Type<Any> for Timestamp {
    fn type_info() -> AnyTypeInfo {
        <i64 as Type<Any>>::type_info()
    }

    fn compatible(ty: &AnyTypeInfo) -> bool {
        <i64 as Type<Any>>::compatible(ty)
    }
}

impl<'q> Encode<'q, Any> for Timestamp {
    fn encode_by_ref(
        &self,
        buf: &mut <Any as Database>::ArgumentBuffer<'q>,
    ) -> Result<IsNull, BoxDynError> {
        <i64 as Encode<'q, Any>>::encode_by_ref(&self.millis(), buf)
    }
}

impl<'r> Decode<'r, Any> for Timestamp {
    fn decode(value: <Any as Database>::ValueRef<'r>) -> Result<Self, BoxDynError> {
        <i64 as Decode<'r, Any>>::decode(value).map(Timestamp::from_millis)
    }
}
